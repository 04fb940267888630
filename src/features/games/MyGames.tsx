import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { GameItem } from '../../api/contract/games';
import { GameGrid } from '../home/GameGrid';
import { useFavourites } from './favourites';

type Tab = 'recent' | 'favourites';

/** A member's own games on the home page: the ones played lately (GCS_recentGame) and the favourites. */
export function MyGames() {
  const { t } = useTranslation();
  const favourites = useFavourites();
  const [tab, setTab] = useState<Tab>('recent');
  const [games, setGames] = useState<GameItem[] | null>(null);
  const favouriteCount = favourites.ids.size;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed favourite reloads that list
  useEffect(() => {
    if (!favourites.enabled) return;
    let live = true;
    (tab === 'recent'
      ? call('recentGames', { query: { limit: 12 } })
      : call('favouriteGames', { query: { limit: 24 } })
    )
      .then((list) => live && setGames(list))
      .catch(() => live && setGames([]));
    return () => {
      live = false;
    };
  }, [tab, favourites.enabled, favouriteCount]);
  if (!favourites.enabled) return null;
  return (
    <section className="home-section my-games" aria-labelledby="home-my-games" data-testid="my-games">
      <h2 id="home-my-games" className="section-title">
        {t('games.my_games')}
      </h2>
      <fieldset className="tabs">
        <legend className="visually-hidden">{t('games.my_games')}</legend>
        {(['recent', 'favourites'] as Tab[]).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={tab === key}
            className={`tab${tab === key ? ' is-active' : ''}`}
            onClick={() => setTab(key)}
          >
            {t(`games.my_${key}`)}
          </button>
        ))}
      </fieldset>
      {games === null ? (
        <div className="game-grid-skeleton skeleton" />
      ) : games.length === 0 ? (
        <p className="muted">{t(`games.my_${tab}_empty`)}</p>
      ) : (
        <GameGrid games={games} testId={`my-${tab}`} />
      )}
    </section>
  );
}
