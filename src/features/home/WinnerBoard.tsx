import { useTranslation } from 'react-i18next';
import type { RankEntry } from '../../api/contract/games';
import { formatAmount } from '../../ui/format';
import { TrophyIcon } from '../../ui/icons';

export function WinnerBoard({ entries }: { entries: RankEntry[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="home-section winners card" aria-labelledby="home-winners" data-testid="winner-board">
      <h2 id="home-winners" className="section-title">
        <TrophyIcon /> {t('home.winners')}
      </h2>
      {entries.length === 0 ? (
        <p className="muted">{t('home.no_winners')}</p>
      ) : (
        <div className="winners-viewport">
          <ol className="winners-list" style={{ animationDuration: `${entries.length * 3}s` }}>
            {/* The list is drawn twice so the upward scroll loops without a jump. */}
            {[0, 1].flatMap((copy) =>
              entries.map(({ vo }) => (
                <li key={`${copy}-${vo.account}-${vo.wonAt}`} aria-hidden={copy === 1}>
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
