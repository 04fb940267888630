import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OriginalsGameSettings } from '../../api/contract/originals';
import type { OriginalGame } from '../../originals/outcome';
import { formatAmount, formatDecimal, formatPercent } from '../../ui/format';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/session';
import { RecentBets } from './RecentBets';
import { SeedsDialog } from './SeedsDialog';

export interface Switches {
  instant: boolean;
  setInstant: (v: boolean) => void;
  sound: boolean;
  setSound: (v: boolean) => void;
  hotkeys: boolean;
  setHotkeys: (v: boolean) => void;
}

function Toggle({
  label,
  on,
  onChange,
  testId,
}: {
  label: string;
  on: boolean;
  onChange: (v: boolean) => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="og-toggle"
      aria-pressed={on}
      data-testid={testId}
      onClick={() => onChange(!on)}
    >
      <span className="og-toggle-dot" aria-hidden="true" />
      {label}
    </button>
  );
}

/**
 * One in-house game's page: its controls beside its scene (stacked on a phone), the switches (animation,
 * sound, hotkeys), the seeds, the rules with the exact return and limits, and the latest bets.
 */
export function GameShell({
  game,
  settings,
  currency,
  panel,
  stage,
  switches,
  hotkeyHelp,
  refreshKey,
  rules,
  recent = true,
}: {
  game: OriginalGame;
  settings: OriginalsGameSettings;
  currency: string;
  panel: ReactNode;
  stage: ReactNode;
  switches: Switches;
  hotkeyHelp: string;
  refreshKey: number;
  rules: ReactNode;
  /** The list of latest bets (crash shows its round's players instead). */
  recent?: boolean;
}) {
  const { t, i18n } = useTranslation();
  usePageTitle('INHOUSE');
  const session = useSession();
  const [seedsOpen, setSeedsOpen] = useState(false);
  const lang = i18n.language;
  return (
    <div className="page og-page" data-testid="og-page" data-game={game}>
      <div className="og-title-row">
        <h1 className="page-title">
          <Link to="/originals" className="og-crumb">
            {t('nav.inhouse')}
          </Link>{' '}
          / {t(`originals.games.${game}`)}
        </h1>
        <span className="og-rtp" title={t('originals.rtp_title')}>
          RTP {formatPercent(Number(settings.rtp), lang)}
        </span>
      </div>
      {!settings.enabled && (
        <p className="form-error" role="status">
          {t('errors.GAME_DISABLED')}
        </p>
      )}
      <div className="og-layout card">
        <div className="og-panel">{panel}</div>
        <div className="og-stage">{stage}</div>
      </div>
      <div className="og-toolbar">
        <Toggle
          label={t('originals.instant')}
          on={switches.instant}
          onChange={switches.setInstant}
          testId="og-instant"
        />
        <Toggle
          label={t('originals.sound')}
          on={switches.sound}
          onChange={switches.setSound}
          testId="og-sound"
        />
        <Toggle
          label={t('originals.hotkeys')}
          on={switches.hotkeys}
          onChange={switches.setHotkeys}
          testId="og-hotkeys"
        />
        {switches.hotkeys && <small className="muted og-hotkey-help">{hotkeyHelp}</small>}
        <span className="og-toolbar-gap" />
        {session.kind !== 'guest' && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            data-testid="og-open-seeds"
            onClick={() => setSeedsOpen(true)}
          >
            {t('originals.fair.button')}
          </button>
        )}
        <Link className="btn btn-ghost btn-sm" to="/originals/fairness">
          {t('originals.fair.verifier')}
        </Link>
      </div>
      <details className="og-rules card">
        <summary>{t('originals.rules')}</summary>
        {rules}
        <p className="muted">
          {t('originals.limits_line', {
            min: formatAmount(settings.minBet, lang),
            max: formatAmount(settings.maxBet, lang),
            win: formatAmount(settings.maxWin, lang),
            currency,
            edge: formatDecimal(settings.edgeBp / 100, 2, lang),
            rtp: formatDecimal(Number(settings.rtp), 2, lang),
          })}
        </p>
      </details>
      {recent && <RecentBets game={game} refreshKey={refreshKey} signedIn={session.kind !== 'guest'} />}
      {seedsOpen && <SeedsDialog onClose={() => setSeedsOpen(false)} />}
    </div>
  );
}
