import { useTranslation } from 'react-i18next';
import { MINES_TILES } from '../../originals/games/mines';
import type { OriginalGame } from '../../originals/outcome';
import { minesOf, outcomeText } from './outcomeText';
import './outcome.css';

const TILES = Array.from({ length: MINES_TILES }, (_, i) => i);

/**
 * A recorded in-house round's outcome in words, in the page's language ("Número sorteado 36,64"), with a
 * small board for mines; never the stored JSON.
 */
export function OutcomeSummary({ game, outcome }: { game: OriginalGame; outcome: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language?.startsWith('en') ? 'en' : 'pt';
  const text = outcomeText(game, outcome, t, lang);
  const mines = game === 'mines' ? minesOf(outcome) : null;
  return (
    <span className="outcome-summary" data-testid="outcome-summary">
      <span>{text ?? '—'}</span>
      {mines && (
        <span className="outcome-mines" role="img" aria-label={t('originals.verify.outcome_mines_board')}>
          {TILES.map((tile) => (
            <span key={tile} className={mines.includes(tile) ? 'is-mine' : undefined} />
          ))}
        </span>
      )}
    </span>
  );
}
