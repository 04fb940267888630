import { type FormEvent, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import './originals.css';
import './fairness.css';
import { call } from '../../api/client';
import type { RecallRound } from '../../api/contract/originals';
import { errorKey } from '../../api/errors';
import { useRemote } from '../../api/useRemote';
import { type DiceBet, diceTarget, diceWins } from '../../originals/games/dice';
import { KENO_NUMBERS, kenoHits } from '../../originals/games/keno';
import { MINES_MAX, MINES_MIN } from '../../originals/games/mines';
import { PLINKO_ROWS } from '../../originals/games/plinko';
import { type Outcome, SEEDED_GAMES, type SeededGame } from '../../originals/outcome';
import { formatAmount, formatDateTime } from '../../ui/format';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/session';
import { CrashChainNote } from './CrashChainNote';
import { OutcomeSummary } from './OutcomeSummary';
import { SeedsPanel } from './SeedsDialog';
import { formatMultiplier } from './useOriginals';
import {
  type ChainWalk,
  crashCheck,
  DEFAULT_EDGE_BP,
  type Draw,
  drawInputOf,
  HASH_PATTERN,
  hundredthsText,
  isSeededGame,
  minesField,
  normaliseHash,
  parseForm,
  rollText,
  sameOutcome,
  type Verification,
  type VerifierForm,
  verify,
  walkChain,
} from './verify';

const EMPTY_FORM: VerifierForm = {
  game: 'dice',
  serverSeed: '',
  clientSeed: '',
  nonce: '0',
  edgeBp: String(DEFAULT_EDGE_BP),
  rows: '16',
  mines: '3',
};

/** 0 … n − 1. */
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const errorText = (t: (key: string) => string, e: unknown) => {
  const failure = e as { code?: string; message?: string };
  return failure.message || t(errorKey(failure.code ?? 'UNKNOWN'));
};

/** A recorded round's fields in the form; a round of a game the form does not draw keeps the form's game. */
function formOf(round: RecallRound, current: VerifierForm): VerifierForm {
  const p = round.params;
  const num = (key: string, fallback: string) => (typeof p[key] === 'number' ? String(p[key]) : fallback);
  return {
    game: isSeededGame(round.game) ? round.game : current.game,
    serverSeed: round.serverSeed ?? '',
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    edgeBp: num('edgeBp', String(DEFAULT_EDGE_BP)),
    rows: num('rows', current.rows),
    mines: num('mines', current.mines),
  };
}

/** What the crash verifier can take from a recorded crash round (its hash and salt, when it kept them). */
function crashPrefill(round: RecallRound) {
  const pick = (key: string) => {
    const v = round.outcome[key] ?? round.params[key];
    return typeof v === 'string' ? v : '';
  };
  const edge = round.params.edgeBp;
  return {
    hash: pick('hash'),
    salt: pick('salt'),
    edgeBp: typeof edge === 'number' ? String(edge) : String(DEFAULT_EDGE_BP),
  };
}

/**
 * `/originals/fairness`: how the in-house games are provably fair, the member's seeds and last rounds, and
 * a verifier that recomputes any round in the browser with the same code the server draws with
 * (`?bet=<id>` loads one of the member's rounds and says whether it matches what was recorded).
 */
export default function FairnessPage() {
  const { t } = useTranslation();
  usePageTitle('INHOUSE');
  const session = useSession();
  const signedIn = session.kind !== 'guest';
  const [params, setParams] = useSearchParams();
  const betText = params.get('bet');
  const betId = betText && /^\d{1,15}$/.test(betText) && Number(betText) > 0 ? Number(betText) : null;

  const [form, setForm] = useState<VerifierForm>(EMPTY_FORM);
  const [round, setRound] = useState<RecallRound | null>(null);
  const [roundState, setRoundState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [roundError, setRoundError] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);
  const [rotateError, setRotateError] = useState<string | null>(null);
  const [seedsKey, setSeedsKey] = useState(0);
  const [recallKey, setRecallKey] = useState(0);
  const [currency, setCurrency] = useState('');
  const [crash, setCrash] = useState({ key: 0, hash: '', salt: '', edgeBp: String(DEFAULT_EDGE_BP) });
  const loadedId = useRef<number | null>(null);
  const verifierTitle = useRef<HTMLHeadingElement>(null);
  const crashTitle = useRef<HTMLHeadingElement>(null);

  const show = (r: RecallRound) => {
    loadedId.current = r.id;
    setRound(r);
    setRoundState('idle');
    setRoundError(null);
    if (r.game === 'crash') setCrash((c) => ({ key: c.key + 1, ...crashPrefill(r) }));
    else setForm((f) => formOf(r, f));
  };

  const loadRound = (id: number) => {
    setRoundState('loading');
    setRoundError(null);
    loadedId.current = id;
    return call('originalsRound', {
      query: { betId: id, ...(params.get('game') === 'crash' ? { game: 'crash' } : {}) },
    }).then(
      (r) => {
        // Another round was picked meanwhile: it wins.
        if (loadedId.current === id) show(r);
      },
      (e: unknown) => {
        if (loadedId.current !== id) return;
        setRoundState('failed');
        setRoundError(errorText(t, e));
      },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the round the address names, once per id
  useEffect(() => {
    if (betId === null || !signedIn || loadedId.current === betId) return;
    loadRound(betId);
  }, [betId, signedIn]);

  const focus = (target: HTMLElement | null) => {
    target?.scrollIntoView({ block: 'start' });
    target?.focus();
  };

  const pick = (r: RecallRound) => {
    show(r);
    setParams({ bet: String(r.id) }, { replace: true });
    // After the form has the round: the heading of the verifier that shows it.
    setTimeout(() => focus(r.game === 'crash' ? crashTitle.current : verifierTitle.current), 0);
  };

  const clearRound = () => {
    loadedId.current = null;
    setRound(null);
    setRoundState('idle');
    setRoundError(null);
    setParams({}, { replace: true });
  };

  const rotateAndReload = async () => {
    if (!round) return;
    setRotating(true);
    setRotateError(null);
    try {
      await call('rotateSeed', { body: {} });
      setSeedsKey((k) => k + 1);
      setRecallKey((k) => k + 1);
      await loadRound(round.id);
    } catch (e) {
      setRotateError(errorText(t, e));
    } finally {
      setRotating(false);
    }
  };

  const afterPanelRotated = () => {
    setRecallKey((k) => k + 1);
    if (round && round.serverSeed === null) loadRound(round.id);
  };

  return (
    <div className="page fv-page" data-testid="fairness-page">
      <h1 className="page-title">
        <Link to="/originals" className="og-crumb">
          {t('nav.inhouse')}
        </Link>{' '}
        / {t('originals.verify.title')}
      </h1>

      <HowItWorks />

      {signedIn ? (
        <div className="fv-member">
          <section className="card fv-card" aria-labelledby="fv-seeds-title">
            <h2 id="fv-seeds-title" className="section-title">
              {t('originals.verify.seeds_title')}
            </h2>
            <SeedsPanel key={seedsKey} onRotated={afterPanelRotated} />
          </section>
          <RoundsList
            refreshKey={recallKey}
            onPick={pick}
            onCurrency={setCurrency}
            activeId={round?.id ?? null}
          />
        </div>
      ) : session.pending ? null : (
        <p className="card fv-card fv-note" data-testid="fv-guest">
          {t('originals.verify.guest')}
        </p>
      )}

      <section
        className="card fv-card fv-verifier"
        aria-labelledby="fv-verifier-title"
        data-testid="fv-verifier"
      >
        <div className="fv-head">
          <h2 id="fv-verifier-title" className="section-title" ref={verifierTitle} tabIndex={-1}>
            {t('originals.verify.verifier_title')}
          </h2>
          {round && round.game !== 'crash' && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={clearRound}>
              {t('originals.verify.clear')}
            </button>
          )}
        </div>
        <p className="muted fv-lead">{t('originals.verify.verifier_lead')}</p>
        {betId !== null && !signedIn && !session.pending && (
          <p className="fv-note">{t('originals.verify.login_for_round')}</p>
        )}
        {roundState === 'loading' && (
          <p className="muted" role="status">
            {t('originals.verify.loading_round')}
          </p>
        )}
        {roundState === 'failed' && roundError && (
          <p className="form-error" role="alert">
            {roundError}
          </p>
        )}
        {round && round.game !== 'crash' && <RoundSummary round={round} currency={currency} />}
        {round && round.game !== 'crash' && round.serverSeed === null && (
          <div className="fv-sealed" data-testid="fv-sealed">
            <p>{t('originals.verify.sealed')}</p>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={rotateAndReload}
              disabled={rotating}
              data-testid="fv-rotate-reveal"
            >
              {t('originals.verify.sealed_rotate')}
            </button>
            {rotateError && (
              <p className="form-error" role="alert">
                {rotateError}
              </p>
            )}
          </div>
        )}
        <Verifier form={form} setForm={setForm} round={round && round.game !== 'crash' ? round : null} />
      </section>

      <CrashVerifier key={crash.key} initial={crash} titleRef={crashTitle} />
    </div>
  );
}

function HowItWorks() {
  const { t } = useTranslation();
  const steps = ['commit', 'client', 'draw', 'reveal', 'crash'] as const;
  return (
    <section className="card fv-card fv-how" aria-labelledby="fv-how-title">
      <h2 id="fv-how-title" className="section-title">
        {t('originals.verify.how_title')}
      </h2>
      <ol>
        {steps.map((s) => (
          <li key={s}>{t(`originals.verify.how_${s}`)}</li>
        ))}
      </ol>
    </section>
  );
}

/** The member's last 10 rounds (game recall), each with a button that puts it in the verifier. */
function RoundsList({
  refreshKey,
  onPick,
  onCurrency,
  activeId,
}: {
  refreshKey: number;
  onPick: (round: RecallRound) => void;
  onCurrency: (currency: string) => void;
  activeId: number | null;
}) {
  const { t, i18n } = useTranslation();
  const [rounds, setRounds] = useState<RecallRound[] | null>(null);
  const [currency, setCurrency] = useState('');
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks again after a rotation
  useEffect(() => {
    let live = true;
    call('originalsRecall').then(
      (r) => {
        if (!live) return;
        setRounds(r.rounds);
        setCurrency(r.currency);
        onCurrency(r.currency);
      },
      (e: unknown) => live && setError(errorText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [refreshKey]);
  return (
    <section className="card fv-card" aria-labelledby="fv-rounds-title">
      <h2 id="fv-rounds-title" className="section-title">
        {t('originals.verify.rounds_title')}
      </h2>
      {error ? (
        <p className="form-error">{error}</p>
      ) : rounds === null ? (
        <div className="skeleton" style={{ height: 160 }} />
      ) : rounds.length === 0 ? (
        <p className="muted">{t('originals.verify.rounds_empty')}</p>
      ) : (
        <ul className="fv-rounds" data-testid="fv-rounds">
          {rounds.map((r) => (
            <li key={r.id} className={r.id === activeId ? 'is-active' : undefined} data-testid="fv-round">
              <div className="fv-round-main">
                <strong>{t(`originals.games.${r.game}`)}</strong>
                <span className="muted">
                  #{r.id} · {t('originals.verify.nonce_n', { nonce: r.nonce })}
                </span>
                <span className="muted fv-round-when">{formatDateTime(r.createdAt)}</span>
              </div>
              <div className="fv-round-money">
                <span>{formatMultiplier(r.multiplier)}×</span>
                <span className={r.payout > r.stake ? 'og-win' : 'og-loss'}>
                  {formatAmount(r.payout - r.stake, i18n.language)} <small>{currency}</small>
                </span>
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => onPick(r)}
                aria-label={t('originals.verify.verify_round', { id: r.id })}
              >
                {t('originals.verify.verify')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The recorded round as the member's recall shows it: what was bet, paid and recorded. */
function RoundSummary({ round, currency }: { round: RecallRound; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = (v: number | null) =>
    v === null ? '—' : `${formatAmount(v, i18n.language)} ${currency}`.trim();
  return (
    <dl className="og-dl fv-summary" data-testid="fv-round">
      <dt>{t('originals.verify.round')}</dt>
      <dd>
        {t(`originals.games.${round.game}`)} #{round.id} · {formatDateTime(round.createdAt)}
      </dd>
      <dt>{t('originals.verify.stake')}</dt>
      <dd>{money(round.stake)}</dd>
      <dt>{t('originals.verify.payout')}</dt>
      <dd>
        {money(round.payout)} ({formatMultiplier(round.multiplier)}×)
      </dd>
      <dt>{t('originals.verify.balance')}</dt>
      <dd>
        {money(round.balanceBefore)} → {money(round.balanceAfter)}
      </dd>
      <dt>{t('originals.verify.recorded')}</dt>
      <dd>
        <OutcomeSummary game={round.game} outcome={round.outcome} />
      </dd>
    </dl>
  );
}

function Verifier({
  form,
  setForm,
  round,
}: {
  form: VerifierForm;
  setForm: (update: (f: VerifierForm) => VerifierForm) => void;
  round: RecallRound | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const parsed = useMemo(() => parseForm(form), [form]);
  const result = useMemo<Verification | null>(() => {
    if (!parsed.ok) return null;
    try {
      return verify(parsed.seeds, parsed.input);
    } catch {
      return null;
    }
  }, [parsed]);
  const set = (key: keyof VerifierForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const problem = (p: string) => !parsed.ok && parsed.problems.includes(p as never);
  // A blank seed is not "wrong" yet: it is only pointed out once something else was typed.
  const touched = form.serverSeed !== '' || form.clientSeed !== '';
  const invalid = (p: string) => touched && problem(p);
  const recordedInput = round ? drawInputOf(round.game, round.params) : null;
  const commitmentOk = round && result ? result.commitment === round.serverSeedHash : null;
  const outcomeOk = round && result && recordedInput ? sameOutcome(round.outcome, result.outcome) : null;

  return (
    <div className="fv-verifier-grid">
      <form
        className="fv-form"
        onSubmit={(e: FormEvent) => e.preventDefault()}
        aria-label={t('originals.verify.form')}
      >
        <div className="og-field">
          <label htmlFor={`${id}-game`}>{t('originals.verify.game')}</label>
          <select
            id={`${id}-game`}
            className="input"
            value={form.game}
            onChange={(e) => set('game')(e.target.value as SeededGame)}
          >
            {SEEDED_GAMES.map((g) => (
              <option key={g} value={g}>
                {t(`originals.games.${g}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          id={`${id}-server`}
          label={t('originals.verify.server_seed')}
          hint={t('originals.verify.server_seed_hint')}
          value={form.serverSeed}
          onChange={set('serverSeed')}
          invalid={invalid('server_seed')}
          error={t('originals.verify.need_server_seed')}
          mono
        />
        <Field
          id={`${id}-client`}
          label={t('originals.verify.client_seed')}
          value={form.clientSeed}
          onChange={set('clientSeed')}
          invalid={invalid('client_seed')}
          error={t('originals.verify.need_client_seed')}
          mono
        />
        <Field
          id={`${id}-nonce`}
          label={t('originals.verify.nonce')}
          value={form.nonce}
          onChange={set('nonce')}
          invalid={problem('nonce')}
          error={t('originals.verify.bad_nonce')}
          numeric
        />
        {form.game === 'limbo' && (
          <Field
            id={`${id}-edge`}
            label={t('originals.verify.edge')}
            value={form.edgeBp}
            onChange={set('edgeBp')}
            invalid={problem('edge')}
            error={t('originals.verify.bad_edge')}
            numeric
          />
        )}
        {form.game === 'plinko' && (
          <div className="og-field">
            <label htmlFor={`${id}-rows`}>{t('originals.verify.rows')}</label>
            <select
              id={`${id}-rows`}
              className="input"
              value={form.rows}
              onChange={(e) => set('rows')(e.target.value)}
            >
              {PLINKO_ROWS.map((r) => (
                <option key={r} value={String(r)}>
                  {r}
                </option>
              ))}
            </select>
          </div>
        )}
        {form.game === 'mines' && (
          <Field
            id={`${id}-mines`}
            label={t('originals.verify.mines', { min: MINES_MIN, max: MINES_MAX })}
            value={form.mines}
            onChange={set('mines')}
            invalid={problem('mines')}
            error={t('originals.verify.bad_mines', { min: MINES_MIN, max: MINES_MAX })}
            numeric
          />
        )}
      </form>

      <div className="fv-results">
        <div className="fv-verdicts" role="status" aria-live="polite" data-testid="fv-verdict">
          {commitmentOk !== null && (
            <p
              className={`fv-verdict ${commitmentOk ? 'is-ok' : 'is-bad'}`}
              data-testid="fv-commitment-verdict"
            >
              {commitmentOk ? t('originals.verify.commitment_ok') : t('originals.verify.commitment_bad')}
            </p>
          )}
          {outcomeOk !== null && (
            <p className={`fv-verdict ${outcomeOk ? 'is-ok' : 'is-bad'}`} data-testid="fv-outcome-verdict">
              {outcomeOk ? t('originals.verify.match') : t('originals.verify.mismatch')}
            </p>
          )}
        </div>
        {result ? (
          <>
            <div className="og-field">
              <span className="og-label">{t('originals.verify.commitment')}</span>
              <code className="fv-code fv-hash" data-testid="fv-commitment">
                {result.commitment}
              </code>
              <small className="muted">
                {round ? (
                  <>
                    {t('originals.verify.commitment_recorded')}{' '}
                    <code className="fv-code">{round.serverSeedHash}</code>
                  </>
                ) : (
                  t('originals.verify.commitment_hint')
                )}
              </small>
            </div>
            <OutcomeView outcome={result.outcome} round={round} />
            <p className="muted fv-rule">
              {t(`originals.verify.rule_${result.outcome.game}`, { mines: form.mines })}
            </p>
            <BytesView result={result} />
          </>
        ) : (
          <p className="muted fv-empty">{t('originals.verify.fill_in')}</p>
        )}
      </div>
    </div>
  );
}

function Field({
  id,
  label,
  hint,
  value,
  onChange,
  invalid,
  error,
  mono,
  numeric,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  error: string;
  mono?: boolean;
  numeric?: boolean;
}) {
  const described = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="og-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={`input${mono ? ' fv-mono' : ''}`}
        value={value}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        inputMode={numeric ? 'numeric' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {invalid && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

/** The recomputed outcome in the game's own terms. */
function OutcomeView({ outcome, round }: { outcome: Outcome; round: RecallRound | null }) {
  const { t } = useTranslation();
  const p = round?.game === outcome.game ? round.params : null;
  switch (outcome.game) {
    case 'dice': {
      const bet =
        p && typeof p.chance === 'number' && (p.side === 'under' || p.side === 'over')
          ? ({ chance: p.chance, side: p.side } as DiceBet)
          : null;
      return (
        <div className="fv-outcome" data-testid="fv-outcome">
          <span className="og-label">{t('originals.verify.roll')}</span>
          <strong className="fv-big">{rollText(outcome.roll)}</strong>
          {bet && (
            <p>
              {t(`originals.verify.dice_${bet.side}`, { line: rollText(diceTarget(bet)) })} ·{' '}
              <WinLoss won={diceWins(outcome.roll, bet)} />
            </p>
          )}
        </div>
      );
    }
    case 'limbo': {
      const target = p && typeof p.target === 'number' ? p.target : null;
      return (
        <div className="fv-outcome" data-testid="fv-outcome">
          <span className="og-label">{t('originals.verify.multiplier')}</span>
          <strong className="fv-big">{hundredthsText(outcome.result)}×</strong>
          {target !== null && (
            <p>
              {t('originals.verify.target', { target: hundredthsText(target) })} ·{' '}
              <WinLoss won={outcome.result >= target} />
            </p>
          )}
        </div>
      );
    }
    case 'plinko':
      return (
        <div className="fv-outcome" data-testid="fv-outcome">
          <span className="og-label">{t('originals.verify.path')}</span>
          <ol className="fv-path" aria-label={t('originals.verify.path')}>
            {range(outcome.path.length).map((row) => {
              const step = outcome.path[row];
              return (
                <li
                  key={row}
                  className={step ? 'is-right' : 'is-left'}
                  title={t(step ? 'originals.verify.right' : 'originals.verify.left')}
                >
                  <span aria-hidden="true">{step ? '↘' : '↙'}</span>
                  <span className="visually-hidden">
                    {t(step ? 'originals.verify.right' : 'originals.verify.left')}
                  </span>
                </li>
              );
            })}
          </ol>
          <span className="og-label">{t('originals.verify.bin')}</span>
          <ol className="fv-bins" aria-hidden="true">
            {range(outcome.path.length + 1).map((k) => (
              <li key={k} className={k === outcome.bin ? 'is-hit' : undefined}>
                {k}
              </li>
            ))}
          </ol>
          <p>{t('originals.verify.bin_of', { bin: outcome.bin, rows: outcome.path.length })}</p>
        </div>
      );
    case 'keno': {
      const picks = p && Array.isArray(p.picks) ? (p.picks as number[]) : null;
      return (
        <div className="fv-outcome" data-testid="fv-outcome">
          <span className="og-label">{t('originals.verify.drawn')}</span>
          <strong className="fv-drawn">{outcome.drawn.join(', ')}</strong>
          <ol className="fv-keno" aria-hidden="true">
            {Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1).map((n) => (
              <li
                key={n}
                className={[outcome.drawn.includes(n) ? 'is-hit' : '', picks?.includes(n) ? 'is-pick' : '']
                  .filter(Boolean)
                  .join(' ')}
              >
                {n}
              </li>
            ))}
          </ol>
          <p>
            {t('originals.verify.drawn_sorted', {
              numbers: [...outcome.drawn].sort((a, b) => a - b).join(', '),
            })}
          </p>
          {picks && (
            <p>{t('originals.verify.hits', { hits: kenoHits(picks, outcome.drawn), picks: picks.length })}</p>
          )}
        </div>
      );
    }
    case 'mines': {
      const field = minesField(outcome.mines);
      const tiles = [...outcome.mines].sort((a, b) => a - b).join(', ');
      return (
        <div className="fv-outcome" data-testid="fv-outcome">
          <span className="og-label">{t('originals.verify.mines_title')}</span>
          <ol className="fv-mines" aria-hidden="true">
            {range(field.length).map((tile) => (
              <li key={tile} className={field[tile] ? 'is-mine' : undefined}>
                {field[tile] ? '✹' : tile}
              </li>
            ))}
          </ol>
          <p>{t('originals.verify.mines_at', { tiles })}</p>
        </div>
      );
    }
  }
}

function WinLoss({ won }: { won: boolean }) {
  const { t } = useTranslation();
  return (
    <strong className={won ? 'og-win' : 'og-loss'}>
      {t(won ? 'originals.verify.win' : 'originals.verify.loss')}
    </strong>
  );
}

/** The HMAC blocks read (used bytes bright, the rest dim) and what each group of bytes became. */
function BytesView({ result }: { result: Verification }) {
  const { t } = useTranslation();
  return (
    <div className="fv-bytes" data-testid="fv-bytes">
      <h3 className="fv-sub">{t('originals.verify.bytes_title')}</h3>
      <p className="muted">{t('originals.verify.bytes_lead', { count: result.bytesUsed })}</p>
      <ol className="fv-blocks">
        {result.blocks.map((b) => (
          <li key={b.cursor} data-testid="fv-block">
            <div className="fv-block-head">
              <span className="og-label">{t('originals.verify.block', { cursor: b.cursor })}</span>
              <code className="fv-code">{b.message}</code>
            </div>
            <code className="fv-code fv-hex">
              {range(32).map((i) => {
                const used = b.cursor * 32 + i < result.bytesUsed;
                return (
                  <span key={i} className={used ? 'is-used' : 'is-unused'}>
                    {b.hex.slice(i * 2, i * 2 + 2)}
                  </span>
                );
              })}
            </code>
          </li>
        ))}
      </ol>
      <details className="fv-draws">
        <summary>{t('originals.verify.draws_title', { count: result.draws.length })}</summary>
        <ol>
          {result.draws.map((d) => (
            <li key={d.offset}>
              <DrawLine draw={d} />
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

function DrawLine({ draw }: { draw: Draw }) {
  const { t } = useTranslation();
  if (draw.kind === 'uint48')
    return t('originals.verify.draw_uint48', { from: draw.offset, to: draw.offset + 5, value: draw.value });
  const base = { from: draw.offset, to: draw.offset + 3, value: draw.value, n: draw.n, limit: draw.limit };
  return draw.accepted ? (
    t('originals.verify.draw_int', { ...base, result: draw.result })
  ) : (
    <span className="muted">{t('originals.verify.draw_rejected', base)}</span>
  );
}

// ---- crash ------------------------------------------------------------------------------------------

/**
 * The chain the brand's crash rounds are playing now, as published: its commitment, where its salt
 * comes from (announced before the salt existed) and the salt, so a player checks them here.
 */
function PublishedChain() {
  const { t } = useTranslation();
  const state = useRemote('fairness:crash-chain', () => call('crashState'));
  if (state.status !== 'ready' || !state.data.chain) return null;
  return (
    <div className="fv-chain" data-testid="fv-crash-chain">
      <h3 className="fv-chain-title">{t('originals.verify.crash_chain_title')}</h3>
      <CrashChainNote chain={state.data.chain} />
    </div>
  );
}

function CrashVerifier({
  initial,
  titleRef,
}: {
  initial: { hash: string; salt: string; edgeBp: string };
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [hash, setHash] = useState(initial.hash);
  const [salt, setSalt] = useState(initial.salt);
  const [edge, setEdge] = useState(initial.edgeBp);
  const [target, setTarget] = useState('');
  const [count, setCount] = useState('1');
  const [progress, setProgress] = useState<number | null>(null);
  const [walk, setWalk] = useState<(ChainWalk & { count: number; target: string }) | null>(null);
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);

  const roundHash = normaliseHash(hash);
  const hashOk = HASH_PATTERN.test(roundHash);
  const edgeBp = /^\d{1,4}$/.test(edge.trim()) ? Number(edge.trim()) : null;
  const saltText = salt.trim();
  const check = useMemo(
    () => (hashOk && saltText && edgeBp !== null ? crashCheck(roundHash, saltText, edgeBp) : null),
    [hashOk, roundHash, saltText, edgeBp],
  );
  const targetHash = normaliseHash(target);
  const targetOk = HASH_PATTERN.test(targetHash);
  const n = /^\d{1,8}$/.test(count.trim()) ? Number(count.trim()) : 0;
  const countOk = n >= 1 && n <= 10_000_000;

  const runChain = async (e: FormEvent) => {
    e.preventDefault();
    if (!hashOk || !targetOk || !countOk) return;
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    setWalk(null);
    setProgress(0);
    try {
      const r = await walkChain(roundHash, targetHash, n, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      setWalk({ ...r, count: n, target: targetHash });
    } catch {
      // Stopped: nothing to say.
    } finally {
      if (stop.current === controller) {
        stop.current = null;
        setProgress(null);
      }
    }
  };

  return (
    <section className="card fv-card" aria-labelledby="fv-crash-title" data-testid="fv-crash">
      <h2 id="fv-crash-title" className="section-title" ref={titleRef} tabIndex={-1}>
        {t('originals.verify.crash_title')}
      </h2>
      <p className="muted fv-lead">{t('originals.verify.crash_lead')}</p>
      <PublishedChain />
      <div className="fv-verifier-grid">
        <form
          className="fv-form"
          onSubmit={(e) => e.preventDefault()}
          aria-label={t('originals.verify.crash_title')}
        >
          <Field
            id={`${id}-hash`}
            label={t('originals.verify.crash_hash')}
            value={hash}
            onChange={setHash}
            invalid={hash !== '' && !hashOk}
            error={t('originals.verify.bad_hash')}
            mono
          />
          <Field
            id={`${id}-salt`}
            label={t('originals.verify.crash_salt')}
            value={salt}
            onChange={setSalt}
            invalid={false}
            error=""
            mono
          />
          <Field
            id={`${id}-edge`}
            label={t('originals.verify.edge')}
            value={edge}
            onChange={setEdge}
            invalid={edgeBp === null || edgeBp > 9_999}
            error={t('originals.verify.bad_edge')}
            numeric
          />
        </form>
        <div className="fv-results">
          {check ? (
            <div className="fv-outcome" data-testid="fv-crash-result">
              <span className="og-label">{t('originals.verify.crash_bust')}</span>
              <strong className="fv-big" data-testid="fv-bust">
                {hundredthsText(check.bust)}×
              </strong>
              <dl className="og-dl">
                <dt>{t('originals.verify.crash_hmac')}</dt>
                <dd>
                  <code className="fv-code fv-hex">
                    <span className="is-used">{check.hmac.slice(0, 12)}</span>
                    <span className="is-unused">{check.hmac.slice(12)}</span>
                  </code>
                </dd>
                <dt>{t('originals.verify.crash_r')}</dt>
                <dd>
                  <code className="fv-code">{check.r}</code>
                </dd>
              </dl>
              <p className="muted fv-rule">{t('originals.verify.rule_crash')}</p>
            </div>
          ) : (
            <p className="muted fv-empty">{t('originals.verify.crash_fill_in')}</p>
          )}
        </div>
      </div>

      <form className="fv-chain" onSubmit={runChain} aria-labelledby={`${id}-chain-title`}>
        <h3 id={`${id}-chain-title`} className="fv-sub">
          {t('originals.verify.chain_title')}
        </h3>
        <p className="muted">{t('originals.verify.chain_lead')}</p>
        <div className="fv-chain-fields">
          <Field
            id={`${id}-target`}
            label={t('originals.verify.chain_target')}
            value={target}
            onChange={setTarget}
            invalid={target !== '' && !targetOk}
            error={t('originals.verify.bad_hash')}
            mono
          />
          <Field
            id={`${id}-count`}
            label={t('originals.verify.chain_count')}
            value={count}
            onChange={setCount}
            invalid={count !== '' && !countOk}
            error={t('originals.verify.bad_count')}
            numeric
          />
          <div className="fv-chain-actions">
            {progress === null ? (
              <button type="submit" className="btn btn-primary" disabled={!hashOk || !targetOk || !countOk}>
                {t('originals.verify.chain_check')}
              </button>
            ) : (
              <button type="button" className="btn btn-ghost" onClick={() => stop.current?.abort()}>
                {t('originals.verify.chain_stop')}
              </button>
            )}
          </div>
        </div>
        {progress !== null && (
          <p className="muted">{t('originals.verify.chain_progress', { done: progress, total: n })}</p>
        )}
        <div role="status" aria-live="polite" data-testid="fv-chain-verdict">
          {walk &&
            (walk.foundAt === walk.count ? (
              <p className="fv-verdict is-ok">{t('originals.verify.chain_ok', { count: walk.count })}</p>
            ) : walk.foundAt !== null ? (
              <p className="fv-verdict is-ok">
                {t('originals.verify.chain_early', { found: walk.foundAt, count: walk.count })}
              </p>
            ) : (
              <div>
                <p className="fv-verdict is-bad">{t('originals.verify.chain_bad', { count: walk.count })}</p>
                <p className="muted">
                  {t('originals.verify.chain_last')} <code className="fv-code">{walk.last}</code>
                </p>
              </div>
            ))}
        </div>
      </form>
    </section>
  );
}
