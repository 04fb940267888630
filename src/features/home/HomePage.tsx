import 'swiper/css';
import 'swiper/css/pagination';
import './home.css';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cached } from '../../api/cache';
import { call, earlyAnswer } from '../../api/client';
import { useRemote } from '../../api/useRemote';
import { CategoryIcon, FireIcon } from '../../ui/icons';
import { usePageTitle } from '../common/usePageTitle';
import { buildNavigation } from '../games/navigation';
import { useGameMenus } from '../games/useGameMenus';
import { BannerCarousel } from './BannerCarousel';
import { GameGrid } from './GameGrid';
import { HOT_GAMES_QUERY, homeContentQuery, winnerBoardQuery } from './home-requests';
import { NoticeMarquee } from './NoticeMarquee';

// The popups open over a page already shown: their code need not hold up its first paint.
const HomePopups = lazy(() => import('./HomePopups').then((m) => ({ default: m.HomePopups })));
// A member's recent games and the winners come after the games on a phone: loaded beside the page.
const MyGames = lazy(() => import('../games/MyGames').then((m) => ({ default: m.MyGames })));
const WinnerBoard = lazy(() => import('./WinnerBoard').then((m) => ({ default: m.WinnerBoard })));
// Below the fold, and the only carousel with arrows.
const PromotionsCarousel = lazy(() =>
  import('./PromotionsCarousel').then((m) => ({ default: m.PromotionsCarousel })),
);

function CategoryShortcuts() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const entries = useMemo(
    () => (menus ? buildNavigation(menus).filter((e) => e.section && e.to) : []),
    [menus],
  );
  return (
    <nav className="shortcuts" aria-label={t('side.game_types')}>
      {entries.map((e) => (
        <Link key={e.key} to={e.to!} className="shortcut card">
          <span className="shortcut-icon">
            <CategoryIcon section={e.section!} size={26} />
          </span>
          <span>{t(`nav.${e.key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}

export default function HomePage() {
  const { t, i18n } = useTranslation();
  usePageTitle('HOME');
  const lang = i18n.language;
  const content = useRemote(
    `home:${lang}`,
    () => call('announcements', { query: homeContentQuery(lang) }),
    () => earlyAnswer('announcements', { query: homeContentQuery(lang) }),
  );
  const hot = useRemote(`hot:${lang}`, () =>
    cached(`hotGames:${lang}`, () => call('hotGames', { query: HOT_GAMES_QUERY })),
  );
  const winners = useRemote(`winners:${lang}`, () =>
    cached(`winnerBoard:${lang}`, () => call('rankList', { query: winnerBoardQuery(lang) })),
  );

  return (
    <div className="home" data-testid="home-page">
      {content.status === 'ready' ? (
        <BannerCarousel banners={content.data.banners} />
      ) : (
        <div className="hero hero-skeleton skeleton" aria-busy="true" />
      )}
      <div className="page home-body">
        {content.status === 'ready' && <NoticeMarquee notices={content.data.notices} />}
        <CategoryShortcuts />
        <Suspense fallback={null}>
          <MyGames />
        </Suspense>
        <div className="home-columns">
          <section className="home-section" aria-labelledby="home-hot">
            <h2 id="home-hot" className="section-title">
              <FireIcon /> {t('home.hot_games')}
            </h2>
            {hot.status === 'ready' ? (
              <GameGrid games={hot.data.slice(0, 12)} testId="hot-games" />
            ) : (
              <div className="game-grid-skeleton skeleton" />
            )}
          </section>
          {winners.status === 'ready' ? (
            <Suspense fallback={<div className="winners card skeleton" />}>
              <WinnerBoard entries={winners.data} />
            </Suspense>
          ) : (
            <div className="winners card skeleton" />
          )}
        </div>
        {content.status === 'ready' && (
          <Suspense fallback={null}>
            <PromotionsCarousel promotions={content.data.promotions} />
          </Suspense>
        )}
      </div>
      <Suspense fallback={null}>
        <HomePopups />
      </Suspense>
    </div>
  );
}
