import 'swiper/css/navigation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Promotion } from '../../api/contract/content';
import { GiftIcon } from '../../ui/icons';

const SLIDES = 4;

/** Spec 9: four promotions at a time; arrows only when there are more than four. */
export function PromotionsCarousel({ promotions }: { promotions: Promotion[] }) {
  const { t } = useTranslation();
  if (promotions.length === 0) return null;
  const arrows = promotions.length > SLIDES;
  return (
    <section className="home-section" aria-labelledby="home-promos" data-testid="promotions-carousel">
      <div className="section-head">
        <h2 id="home-promos" className="section-title">
          <GiftIcon /> {t('home.promotions')}
        </h2>
        <Link to="/promotions" className="section-more">
          {t('home.view_all')}
        </Link>
      </div>
      <Swiper
        modules={[Navigation]}
        navigation={arrows}
        spaceBetween={16}
        slidesPerView={1.2}
        breakpoints={{
          640: { slidesPerView: 2 },
          960: { slidesPerView: 3 },
          1280: { slidesPerView: SLIDES },
        }}
        className={`promo-swiper${arrows ? ' has-arrows' : ''}`}
        data-arrows={arrows}
      >
        {promotions.map((p) => (
          <SwiperSlide key={p.id}>
            <Link to={`/promotions#promo-${p.id}`} className="promo-card card" data-testid="promo-card">
              <img src={p.announcementImages[0]?.url} alt="" width={600} height={300} loading="lazy" />
              <div className="promo-card-body">
                <strong>{p.title}</strong>
                <span className="promo-card-cta">{t('home.see_more')}</span>
              </div>
            </Link>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
