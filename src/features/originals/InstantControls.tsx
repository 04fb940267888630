import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WagerRequest } from '../../machines/originals-bet.machine';
import { formatAmount } from '../../ui/format';
import { useAccountModal } from '../account/AccountModalContext';
import { AutoForm } from './AutoForm';
import { ModeSwitch, PanelReport } from './PanelParts';
import { StakeField } from './StakeField';
import type { InstantGameState } from './useInstantGame';

/**
 * The controls of an instant game: manual or auto, the stake, the game's own fields, the profit a win
 * would bring, and the one big button (bet, start auto-bet, stop). Guests are asked to log in; trial
 * accounts play with their trial money.
 */
export function InstantControls({
  game,
  currency,
  params,
  profitOnWin,
  profitLabel,
  children,
}: {
  game: InstantGameState;
  currency: string;
  params: Record<string, unknown>;
  /** What a win would pay above the stake, or null when the choices are not valid yet. */
  profitOnWin: number | null;
  /** What the profit figure is ("Profit on win", or "Top profit" where wins differ). */
  profitLabel?: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const account = useAccountModal();
  const { state, send, session, gameSettings, stake, setStake, mode, setMode, auto, setAuto, balance } = game;
  const running = state.hasTag('auto');
  const busy = state.hasTag('busy');
  const stopping = running && state.context.stopRequested;
  const locked = running || busy;
  const request: WagerRequest = { stake, params };
  const { errorCode, errorMessage, stopReason, stats } = state.context;

  const act = () => {
    if (session.kind === 'guest') return account.open('login');
    if (running) return send({ type: 'STOP' });
    if (busy || profitOnWin === null) return;
    if (mode === 'manual') send({ type: 'BET', request });
    else send({ type: 'AUTO_START', request, config: auto });
  };

  const label =
    session.kind === 'guest'
      ? t('originals.login_to_play')
      : running
        ? stopping
          ? t('originals.auto.stopping')
          : t('originals.auto.stop')
        : mode === 'auto'
          ? t('originals.auto.start')
          : t('originals.bet');

  return (
    <div className="og-controls">
      <ModeSwitch mode={mode} onChange={setMode} locked={locked} />
      <StakeField
        stake={stake}
        onChange={setStake}
        min={gameSettings.minBet}
        max={gameSettings.maxBet}
        balance={balance}
        currency={currency}
        disabled={locked}
      />
      {children}
      <div className="og-field">
        <span className="og-label">{profitLabel ?? t('originals.profit_on_win')}</span>
        <output className="og-profit" data-testid="og-profit">
          {profitOnWin === null ? '—' : `${formatAmount(profitOnWin, lang)} ${currency}`}
        </output>
      </div>
      {mode === 'auto' && <AutoForm config={auto} onChange={setAuto} disabled={locked} />}
      <button
        type="button"
        className={`btn ${running ? 'btn-accent' : 'btn-primary'} og-bet`}
        data-testid="og-bet"
        disabled={(busy && !running) || stopping || (!running && !gameSettings.enabled)}
        onClick={act}
      >
        {label}
      </button>
      <PanelReport
        running={running}
        stats={stats}
        stopReason={stopReason}
        errorCode={errorCode}
        errorMessage={errorMessage}
        balance={balance}
        currency={currency}
      />
    </div>
  );
}
