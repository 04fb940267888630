import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { CrashChain } from '../api/contract/originals';
import type { EndpointValue } from '../api/endpoints';
import { CrashChainNote } from '../features/originals/CrashChainNote';
import { OutcomeSummary } from '../features/originals/OutcomeSummary';
import {
  formatAmount,
  formatDateTime,
  formatDecimal,
  formatPercentText,
  formatWhole,
  parseAmount,
} from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { dayEdge, Failure } from './games-panels';
import { TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';

type Overview = EndpointValue<'adminOriginals'>;
type Game = Overview['games'][number];
type Recall = EndpointValue<'adminRecall'>;

/** One game's settings as the operator edits them (text fields in the operator's number format). */
function GameRow({
  game,
  currency,
  onSave,
  busy,
}: {
  game: Game;
  currency: string;
  onSave: (g: Omit<Game, 'rtp' | 'measured'>) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [enabled, setEnabled] = useState(game.enabled);
  const [edge, setEdge] = useState(formatDecimal(game.edgeBp / 100, 2, lang, { grouping: false }));
  const [min, setMin] = useState(formatAmount(game.minBet, lang));
  const [max, setMax] = useState(formatAmount(game.maxBet, lang));
  const [win, setWin] = useState(formatAmount(game.maxWin, lang));
  const id = `bo-og-${game.game}`;
  const save = () => {
    const edgeBp = Math.round(Number.parseFloat(edge.replace(',', '.')) * 100);
    onSave({
      game: game.game,
      enabled,
      edgeBp,
      minBet: parseAmount(min, lang) ?? 0,
      maxBet: parseAmount(max, lang) ?? 0,
      maxWin: parseAmount(win, lang) ?? 0,
    });
  };
  return (
    <tr data-testid={id}>
      <th scope="row">{t(`originals.games.${game.game}`)}</th>
      <td>
        <input
          type="checkbox"
          aria-label={`${t('backoffice.originals.enabled')}: ${t(`originals.games.${game.game}`)}`}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
      </td>
      <td>
        <input
          className="bo-num-input"
          aria-label={`${t('backoffice.originals.edge')}: ${t(`originals.games.${game.game}`)}`}
          value={edge}
          onChange={(e) => setEdge(e.target.value)}
        />
      </td>
      <td>
        <input
          className="bo-num-input"
          aria-label={`${t('backoffice.originals.min')}: ${t(`originals.games.${game.game}`)}`}
          value={min}
          onChange={(e) => setMin(e.target.value)}
        />
      </td>
      <td>
        <input
          className="bo-num-input"
          aria-label={`${t('backoffice.originals.max')}: ${t(`originals.games.${game.game}`)}`}
          value={max}
          onChange={(e) => setMax(e.target.value)}
        />
      </td>
      <td>
        <input
          className="bo-num-input"
          aria-label={`${t('backoffice.originals.max_win')}: ${t(`originals.games.${game.game}`)}`}
          value={win}
          onChange={(e) => setWin(e.target.value)}
        />
      </td>
      <td className="num">{formatPercentText(game.rtp, lang)}</td>
      <td className="num" data-testid={`${id}-measured`}>
        {game.measured.rtp === null ? '—' : formatPercentText(game.measured.rtp, lang)}
        <small className="bo-sub">
          {' '}
          {t('backoffice.originals.bets', { count: game.measured.bets })} ·{' '}
          {formatAmount(game.measured.stake, lang)} {currency}
        </small>
      </td>
      <td>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-disabled={busy || undefined}
          onClick={save}
        >
          {t('backoffice.originals.save')}
        </button>
      </td>
    </tr>
  );
}

/**
 * A crash chain waiting for its salt: first the operator names a public source whose value does not
 * exist yet (it cannot change afterwards), then enters that value once it exists. The site's own lottery
 * draws enter themselves.
 */
function ChainSaltForm({
  chain,
  busy,
  onSend,
}: {
  chain: CrashChain;
  busy: boolean;
  onSend: (action: 'announce' | 'enter', text: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  if (chain.saltSource?.startsWith('lottery:')) return null;
  const action = chain.saltSource === null ? 'announce' : 'enter';
  return (
    <form
      className="bo-form-grid"
      data-testid={`bo-chain-${action}`}
      onSubmit={(e) => {
        e.preventDefault();
        onSend(action, text.trim());
      }}
    >
      <label className="field">
        <span>{t(`backoffice.originals.salt_${action}`)}</span>
        <input
          value={text}
          autoComplete="off"
          maxLength={action === 'announce' ? 300 : 128}
          onChange={(e) => setText(e.target.value)}
        />
        <small className="muted">{t(`backoffice.originals.salt_${action}_note`)}</small>
      </label>
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy || text.trim().length === 0}>
        {t(`backoffice.originals.salt_${action}_button`)}
      </button>
    </form>
  );
}

/**
 * In-house games: each game's switch, house edge and limits (saved with an audit row), the theoretical
 * return beside the measured one over a period, the crash chains' commitments, and a member's game recall.
 */
export function OriginalsPanel({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [period, setPeriod] = useState({ from: '', to: '' });
  const [query, setQuery] = useState<{ from?: number; to?: number }>({});
  const load = useCallback(() => call('adminOriginals', { token, query }), [token, query]);
  const overview = useOperatorList(load, onExpired);
  const [who, setWho] = useState('');
  const [recallOf, setRecallOf] = useState('');
  const loadRecall = useCallback(
    () => (recallOf ? call('adminRecall', { token, query: { username: recallOf } }) : Promise.resolve(null)),
    [token, recallOf],
  );
  const recalled = useOperatorList<Recall | null>(loadRecall, onExpired);
  const recall = recalled.error ? null : recalled.data;
  // Changes players see (a game's edge and limits, a chain's salt) are confirmed with what they change.
  const [task, send] = useOperatorTask(token, onExpired);
  const completed = task.context.completed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settings load again after each change
  useEffect(() => {
    if (completed > 0) overview.reload();
  }, [completed]);
  const busy = task.hasTag('busy');
  const savedGame = task.context.done?.kind === 'updateOriginal' ? task.context.done.target : null;
  const failure = recalled.error;
  const settingsText = (g: Omit<Game, 'rtp' | 'measured'>) =>
    [
      t(g.enabled ? 'backoffice.lottery.on' : 'backoffice.lottery.off'),
      `${t('backoffice.originals.edge')} ${formatDecimal(g.edgeBp / 100, 2, lang)} %`,
      `${formatAmount(g.minBet, lang)}–${formatAmount(g.maxBet, lang)}`,
      `${t('backoffice.originals.max_win')} ${formatAmount(g.maxWin, lang)}`,
    ].join(' · ');
  const save = (before: Game, settings: Omit<Game, 'rtp' | 'measured'>) =>
    send({
      type: 'REQUEST',
      task: {
        kind: 'updateOriginal',
        target: settings.game,
        summary: {
          game: t(`originals.games.${settings.game}`),
          before: settingsText(before),
          after: settingsText(settings),
        },
        body: settings,
        reason: false,
      },
    });
  const sendSalt = (chain: Overview['chains'][number], action: 'announce' | 'enter', text: string) =>
    send({
      type: 'REQUEST',
      task: {
        kind: action === 'announce' ? 'announceCrashSalt' : 'enterCrashSalt',
        summary: {
          chain: chain.commitment.slice(0, 16),
          [action === 'announce' ? 'salt_source' : 'salt']: text,
          note: t(`backoffice.originals.salt_${action}_note`),
        },
        body: action === 'announce' ? { chainId: chain.id, source: text } : { chainId: chain.id, salt: text },
        reason: false,
      },
    });

  const data = overview.data;
  return (
    <section className="bo-catalogue" data-testid="bo-originals">
      <div className="bo-card bo-wide">
        <h2 className="bo-heading">{t('backoffice.originals.title')}</h2>
        <form
          className="bo-form-grid"
          onSubmit={(e) => {
            e.preventDefault();
            const from = dayEdge(period.from, false);
            const to = dayEdge(period.to, true);
            setQuery({ ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) });
          }}
        >
          <label className="field">
            <span>{t('backoffice.rounds.from')}</span>
            <input
              type="date"
              value={period.from}
              onChange={(e) => setPeriod({ ...period, from: e.target.value })}
            />
          </label>
          <label className="field">
            <span>{t('backoffice.rounds.to')}</span>
            <input
              type="date"
              value={period.to}
              onChange={(e) => setPeriod({ ...period, to: e.target.value })}
            />
          </label>
          <div className="bo-actions">
            <button type="submit" className="btn btn-ghost btn-sm">
              {t('backoffice.originals.measure')}
            </button>
          </div>
        </form>
        {data && (
          <p className="bo-sub">
            {t('backoffice.originals.period', {
              from: formatDateTime(data.from),
              to: formatDateTime(data.to),
            })}
          </p>
        )}
        {savedGame && (
          <p className="form-success" role="status">
            {t('backoffice.originals.saved', { game: t(`originals.games.${savedGame}`) })}
          </p>
        )}
        {overview.error && <Failure code={overview.error} issues={[]} />}
        {data && (
          <ScrollRegion className="bo-scroll" label={t('backoffice.originals.title')}>
            <table className="bo-table">
              <thead>
                <tr>
                  <th scope="col">{t('backoffice.originals.game')}</th>
                  <th scope="col">{t('backoffice.originals.enabled')}</th>
                  <th scope="col">{t('backoffice.originals.edge')}</th>
                  <th scope="col">
                    {t('backoffice.originals.min')} ({data.currency})
                  </th>
                  <th scope="col">
                    {t('backoffice.originals.max')} ({data.currency})
                  </th>
                  <th scope="col">
                    {t('backoffice.originals.max_win')} ({data.currency})
                  </th>
                  <th scope="col" className="num">
                    {t('backoffice.originals.theoretical')}
                  </th>
                  <th scope="col" className="num">
                    {t('backoffice.originals.measured')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('backoffice.originals.save')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.games.map((g) => (
                  <GameRow
                    key={`${g.game}-${g.edgeBp}-${g.minBet}-${g.maxBet}-${g.maxWin}-${g.enabled}`}
                    game={g}
                    currency={data.currency}
                    busy={busy}
                    onSave={(settings) => save(g, settings)}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </div>

      {data && data.chains.length > 0 && (
        <div className="bo-card bo-wide">
          <h2 className="bo-heading">{t('backoffice.originals.chains')}</h2>
          <p className="bo-sub">{t('backoffice.originals.chains_note')}</p>
          <ul className="bo-chains" data-testid="bo-crash-chains">
            {data.chains.map((c) => (
              <li key={c.id}>
                <code>{c.commitment}</code>
                <span>
                  {t('backoffice.originals.chain_line', {
                    played: formatWhole(c.played, i18n.language),
                    length: formatWhole(c.length, i18n.language),
                    date: formatDateTime(c.createdAt),
                  })}
                </span>
                <CrashChainNote chain={c} commitment={false} />
                {c.salt === null && (
                  <ChainSaltForm
                    key={`${c.id}-${c.saltSource}`}
                    chain={c}
                    busy={busy}
                    onSend={(action, text) => sendSalt(c, action, text)}
                  />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      <form
        className="bo-card bo-wide bo-lookup"
        data-testid="bo-recall"
        onSubmit={(e) => {
          e.preventDefault();
          if (!who.trim()) return;
          if (who.trim() === recallOf) recalled.reload();
          else setRecallOf(who.trim());
        }}
      >
        <h2 className="bo-heading">{t('backoffice.originals.recall')}</h2>
        <p className="bo-sub">{t('backoffice.originals.recall_note')}</p>
        <div className="bo-form-grid">
          <label className="field">
            <span>{t('backoffice.rounds.username')}</span>
            <input value={who} autoComplete="off" maxLength={64} onChange={(e) => setWho(e.target.value)} />
          </label>
          <div className="bo-actions">
            <button type="submit" className="btn btn-primary btn-sm">
              {t('backoffice.rounds.search')}
            </button>
          </div>
        </div>
        {failure && <Failure code={failure} issues={[]} />}
        {recall && (
          <ScrollRegion className="bo-scroll" label={t('backoffice.originals.recall')}>
            <table className="bo-table" data-testid="bo-recall-rounds">
              <thead>
                <tr>
                  <th scope="col">{t('backoffice.originals.game')}</th>
                  <th scope="col">{t('backoffice.rounds.started')}</th>
                  <th scope="col">{t('backoffice.originals.seeds')}</th>
                  <th scope="col">{t('backoffice.originals.outcome')}</th>
                  <th scope="col" className="num">
                    {t('backoffice.rounds.stake')}
                  </th>
                  <th scope="col" className="num">
                    {t('backoffice.rounds.payout')}
                  </th>
                  <th scope="col" className="num">
                    {t('backoffice.originals.balances')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {recall.rounds.map((r) => (
                  <tr key={`${r.game}-${r.id}`}>
                    <td>{t(`originals.games.${r.game}`)}</td>
                    <td>{formatDateTime(r.createdAt)}</td>
                    <td className="bo-seeds">
                      <code>{r.serverSeed ?? `sha256 ${r.serverSeedHash.slice(0, 16)}…`}</code>
                      <br />
                      <code>
                        {r.clientSeed} · {r.nonce}
                      </code>
                    </td>
                    <td className="bo-seeds">
                      <OutcomeSummary game={r.game} outcome={r.outcome} />
                    </td>
                    <td className="num">{formatAmount(r.stake, lang)}</td>
                    <td className="num">{formatAmount(r.payout, lang)}</td>
                    <td className="num">
                      {r.balanceBefore === null ? '—' : formatAmount(r.balanceBefore, lang)} →{' '}
                      {r.balanceAfter === null ? '—' : formatAmount(r.balanceAfter, lang)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </form>
      <TaskDialog state={task} send={send} />
    </section>
  );
}
