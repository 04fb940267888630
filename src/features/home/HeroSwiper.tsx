import type { ReactNode } from 'react';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Banner } from '../../api/contract/content';

/**
 * The banners' carousel (spec 9: loops, slides in 1000 ms, every 5000 ms, even after a swipe). Its own
 * file, loaded once the first banner is shown: the carousel's code is most of the home screen's, and on a
 * phone's link it would arrive before the page could paint (bench/login-speed.ts).
 */
export function HeroSwiper({ banners, slide }: { banners: Banner[]; slide: (b: Banner) => ReactNode }) {
  return (
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
  );
}
