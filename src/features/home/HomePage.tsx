import 'swiper/css';
import 'swiper/css/pagination';
import 'swiper/css/navigation';
import './home.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cached } from '../../api/cache';
import { call } from '../../api/client';
import { useRemote } from '../../api/useRemote';
import { CategoryIcon, FireIcon } from '../../ui/icons';
import { usePageTitle } from '../common/usePageTitle';
import { MyGames } from '../games/MyGames';
import { buildNavigation } from '../games/navigation';
import { useGameMenus } from '../games/useGameMenus';
import { BannerCarousel } from './BannerCarousel';
import { GameGrid } from './GameGrid';
import { HomePopups } from './HomePopups';
import { NoticeMarquee } from './NoticeMarquee';
import { PromotionsCarousel } from './PromotionsCarousel';
import { WinnerBoard } from './WinnerBoard';

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
  const content = useRemote(`home:${lang}`, () =>
    call('announcements', {
      query: {
        types: 'banner,notice,promotion',
        platform: 'W',
        bannerGroup: 'w_home',
        lang: lang as 'pt' | 'en',
      },
    }),
  );
  const hot = useRemote(`hot:${lang}`, () =>
    cached(`hotGames:${lang}`, () => call('hotGames', { query: { platforms: 'flash,html5-desktop' } })),
  );
  const winners = useRemote(`winners:${lang}`, () =>
    cached(`winnerBoard:${lang}`, () =>
      call('rankList', { query: { gameCategory: 'ALL', language: lang as 'pt' | 'en', limitNum: 20 } }),
    ),
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
        <MyGames />
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
            <WinnerBoard entries={winners.data} />
          ) : (
            <div className="winners card skeleton" />
          )}
        </div>
        {content.status === 'ready' && <PromotionsCarousel promotions={content.data.promotions} />}
      </div>
      <HomePopups />
    </div>
  );
}
