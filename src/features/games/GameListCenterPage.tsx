import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import type { GameItem } from '../../api/contract/games';
import { errorKey } from '../../api/errors';
import { usePageTitle } from '../common/usePageTitle';
import { GameGrid } from '../home/GameGrid';
import { useGameMenus } from './useGameMenus';

type Filter = 'ALL' | 'SC' | 'VP' | 'JP' | 'TG' | 'AC' | 'BG';
const PAGE = 24;

/**
 * gameListCenter?vassalage=: a vendor's games, for categories that use the game-list centre. Tabs for the
 * category's other vendors, the classification filters the vendor offers (spec 2.8), a name search and
 * more pages on demand.
 */
export default function GameListCenterPage() {
  const { t } = useTranslation();
  usePageTitle('GAMELIST');
  const [params, setParams] = useSearchParams();
  const vassalage = params.get('vassalage') ?? '';
  const menus = useGameMenus();
  const menu = useMemo(
    () => menus?.find((m) => m.vendors.some((v) => v.vassalage === vassalage)) ?? null,
    [menus, vassalage],
  );
  const vendor = menu?.vendors.find((v) => v.vassalage === vassalage);
  const [filters, setFilters] = useState<{ classification: Filter; count: number }[]>([]);
  const [filter, setFilter] = useState<Filter>('ALL');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<GameItem[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!vassalage) return;
    let live = true;
    setFilter('ALL');
    call('vassGameTypes', { query: { vassalage } })
      .then((f) => live && setFilters(f))
      .catch(() => live && setFilters([]));
    return () => {
      live = false;
    };
  }, [vassalage]);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (!vassalage) return;
    let live = true;
    setError(null);
    call('gameList', {
      query: { vassalage, classification: filter, ...(query ? { search: query } : {}), page, pageSize: PAGE },
    })
      .then((list) => {
        if (!live) return;
        setItems((before) => (page === 1 || !before ? list.items : [...before, ...list.items]));
        setTotal(list.total);
      })
      .catch((e: { code?: string }) => live && setError(e.code ?? 'UNKNOWN'));
    return () => {
      live = false;
    };
  }, [vassalage, filter, query, page]);

  // A new filter or search starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetting is the reaction to these
  useEffect(() => {
    setPage(1);
    setItems(null);
  }, [vassalage, filter, query]);

  return (
    <div className="page game-list-centre" data-testid="game-list-centre">
      <h1 className="page-title">{vendor?.accountTypeName ?? vassalage}</h1>
      {menu && menu.vendors.length > 1 && (
        <fieldset className="tabs vendor-tabs">
          <legend className="visually-hidden">{t('games.vendors_title')}</legend>
          {menu.vendors.map((v) => (
            <button
              type="button"
              key={v.vassalage}
              aria-pressed={v.vassalage === vassalage}
              className={`tab${v.vassalage === vassalage ? ' is-active' : ''}`}
              onClick={() => setParams({ vassalage: v.vassalage })}
            >
              {v.accountTypeName}
            </button>
          ))}
        </fieldset>
      )}
      <div className="list-tools">
        <fieldset className="chips">
          <legend className="visually-hidden">{t('games.filter_label')}</legend>
          {(filters.length ? filters : [{ classification: 'ALL' as Filter, count: 0 }]).map((f) => (
            <button
              type="button"
              key={f.classification}
              className={`chip${filter === f.classification ? ' is-active' : ''}`}
              aria-pressed={filter === f.classification}
              onClick={() => setFilter(f.classification)}
            >
              {t(`games.classification.${f.classification}`)}
              {f.count > 0 && <span className="chip-count">{f.count}</span>}
            </button>
          ))}
        </fieldset>
        <input
          type="search"
          className="input search"
          placeholder={t('games.search_placeholder')}
          aria-label={t('games.search_placeholder')}
          value={search}
          maxLength={64}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {error ? (
        <p className="error-notice card" role="alert">
          {t(errorKey(error))}
        </p>
      ) : items === null ? (
        <div className="skeleton" style={{ height: 240 }} />
      ) : items.length === 0 ? (
        <p className="muted" data-testid="game-list-empty">
          {query ? t('games.no_match', { query }) : t('games.coming_soon')}
        </p>
      ) : (
        <>
          <GameGrid games={items} testId="game-list" />
          {items.length < total && (
            <button type="button" className="btn btn-ghost load-more" onClick={() => setPage((p) => p + 1)}>
              {t('games.load_more', { shown: items.length, total })}
            </button>
          )}
        </>
      )}
    </div>
  );
}
