import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Banner } from '../../api/contract/content';
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

/**
 * Spec 9: loops with more than one banner, slides in 1000 ms, every 5000 ms, even after a swipe.
 * The first banner is painted as plain markup and the carousel takes over a frame later, with the same
 * look: on a phone the carousel's setting up would otherwise hold back the page's largest paint.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const open = useBannerLink();
  const many = banners.length > 1;
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!many) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setLive(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [many]);

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
      {live ? (
        <Swiper
          modules={[Autoplay, Pagination]}
          loop
          speed={1000}
          autoplay={{ delay: 5000, disableOnInteraction: false }}
          pagination={{ clickable: true }}
          className="hero-swiper"
        >
          {banners.map((b) => (
            <SwiperSlide key={b.id}>{slide(b)}</SwiperSlide>
          ))}
        </Swiper>
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
