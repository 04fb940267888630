import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankEntry } from '../../api/contract/games';
import { formatAmount } from '../../ui/format';
import { TrophyIcon } from '../../ui/icons';

export function WinnerBoard({ entries }: { entries: RankEntry[] }) {
  const { t, i18n } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // Only a list taller than its window scrolls; a short one drawn twice to loop showed every win twice.
  const [scrolls, setScrolls] = useState(false);
  const count = entries.length;
  useLayoutEffect(() => {
    const measure = () => {
      const v = viewport.current;
      const l = list.current;
      if (!v || !l || count === 0) return;
      // While it scrolls the list holds two copies: half of it is one copy.
      const oneCopy = l.scrollHeight / (l.dataset.copies === '2' ? 2 : 1);
      setScrolls(oneCopy > v.clientHeight);
    };
    measure();
    if (typeof ResizeObserver === 'undefined' || !viewport.current) return;
    const observer = new ResizeObserver(measure);
    observer.observe(viewport.current);
    if (list.current) observer.observe(list.current);
    return () => observer.disconnect();
  }, [count]);
  const copies = scrolls ? [0, 1] : [0];
  return (
    <section className="home-section winners card" aria-labelledby="home-winners" data-testid="winner-board">
      <h2 id="home-winners" className="section-title">
        <TrophyIcon /> {t('home.winners')}
      </h2>
      {entries.length === 0 ? (
        <p className="muted">{t('home.no_winners')}</p>
      ) : (
        <div className={`winners-viewport${scrolls ? ' is-scrolling' : ''}`} ref={viewport}>
          <ol
            className="winners-list"
            ref={list}
            data-copies={copies.length}
            style={scrolls ? { animationDuration: `${entries.length * 3}s` } : undefined}
          >
            {/* A scrolling list is drawn twice so the upward scroll loops without a jump. */}
            {copies.flatMap((copy) =>
              entries.map(({ vo }) => (
                <li key={`${copy}-${vo.account}-${vo.wonAt}`} aria-hidden={copy === 1 || undefined}>
                  <img src={`/art/vendor/${vo.vassalage}.svg`} alt="" width={48} height={19} />
                  <span className="winner-account">{vo.account}</span>
                  <span className="winner-game">{vo.gameName}</span>
                  <span className="winner-amount">
                    {formatAmount(vo.winAmount, i18n.language)} <small>{vo.currency}</small>
                  </span>
                </li>
              )),
            )}
          </ol>
        </div>
      )}
    </section>
  );
}
