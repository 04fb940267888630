import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Banner } from '../../api/contract/content';
import type { HeroSwiper } from './HeroSwiper';
import { JackpotTicker } from './JackpotTicker';

/** Opens a banner's target: an in-site route, an outside address, or a promotion's anchor. */
export function useBannerLink() {
  const navigate = useNavigate();
  return (banner: Banner) => {
    const target = banner.linkageTarget ?? '';
    if (banner.linkageType === 'url') window.open(target, '_blank', 'noopener,noreferrer');
    else if (banner.linkageType === 'promotion') navigate(`/promotions#${target}`);
    else if (banner.linkageType === 'route') navigate(target || '/');
  };
}

/** How long after the first banner's picture is ready the carousel takes over (it slides after 5 s). */
const TAKE_OVER_MS = 400;

const loadSwiper = () => import('./HeroSwiper').then((m) => m.HeroSwiper);

/**
 * Spec 9: loops with more than one banner, slides in 1000 ms, every 5000 ms, even after a swipe.
 * The first banner is painted as plain markup and the carousel takes over once it is shown, with the same
 * look: on a phone the carousel's code and setting up would otherwise hold back the page's largest paint.
 * Should the carousel's code not arrive, the first banner stays.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const open = useBannerLink();
  const many = banners.length > 1;
  const [Live, setLive] = useState<typeof HeroSwiper | null>(null);
  const first = banners[0]?.url;
  useEffect(() => {
    if (!many) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Once the first banner's picture is ready and painted, not before: replacing it while the picture
    // still decodes would paint the page's largest element a second time, later.
    const takeOver = () => {
      if (cancelled) return;
      const shown = new Promise((resolve) => {
        timer = setTimeout(resolve, TAKE_OVER_MS);
      });
      Promise.all([loadSwiper(), shown]).then(
        ([component]) => {
          if (!cancelled) setLive(() => component);
        },
        () => {},
      );
    };
    const picture = new Image();
    if (first) picture.src = first;
    if (first && typeof picture.decode === 'function') picture.decode().then(takeOver, takeOver);
    else takeOver();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [many, first]);

  const slide = (b: Banner) => (
    <div className="hero-slide" style={{ backgroundImage: `url(${b.url})` }} data-testid="banner-slide">
      <div className="hero-text">
        <h2>{b.title}</h2>
        {b.subtitle && <p>{b.subtitle}</p>}
        {b.linkageType && (
          <button type="button" className="btn btn-accent" onClick={() => open(b)}>
            {t('home.see_more')}
          </button>
        )}
      </div>
    </div>
  );

  return (
    <section className="hero" aria-label={t('home.banners')} data-testid="banner-carousel">
      {Live ? (
        <Live banners={banners} slide={slide} />
      ) : (
        <div className="hero-swiper hero-static">
          {banners.map((b) => (
            <div key={b.id} className="hero-static-slide">
              {slide(b)}
            </div>
          ))}
        </div>
      )}
      <JackpotTicker />
    </section>
  );
}
