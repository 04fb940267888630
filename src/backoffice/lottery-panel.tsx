import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { EndpointValue } from '../api/endpoints';
import { formatAmount, formatDateTime, formatDecimal, formatPercentText, parseAmount } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { Failure } from './games-panels';
import { TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';

type Overview = EndpointValue<'adminLotteries'>;
type Game = Overview['games'][number];
type BetType = Game['betTypes'][number];
type DrawDetail = EndpointValue<'adminLotteryDraw'>;

/** One bet type's odds (as multipliers), limits and switch, with the exact return the odds give. */
function BetTypeRow({
  betType,
  onSave,
  busy,
}: {
  betType: BetType;
  onSave: (b: {
    code: string;
    enabled: boolean;
    odds: Record<string, number>;
    minStake: number;
    maxStake: number;
  }) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [enabled, setEnabled] = useState(betType.enabled);
  const [odds, setOdds] = useState(() =>
    Object.fromEntries(
      Object.entries(betType.odds).map(([k, v]) => [k, formatDecimal(v / 100, 2, lang, { grouping: false })]),
    ),
  );
  const [min, setMin] = useState(formatAmount(betType.minStake, lang));
  const [max, setMax] = useState(formatAmount(betType.maxStake, lang));
  const name = t(`lottery.types.${betType.code}`);
  return (
    <tr data-testid={`bo-lt-${betType.code}`}>
      <th scope="row">{name}</th>
      <td>
        <input
          type="checkbox"
          aria-label={`${t('backoffice.lottery.enabled')}: ${name}`}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
      </td>
      <td>
        {Object.keys(odds).map((k) => (
          <label key={k} className="bo-odds">
            <small>{t(`lottery.oddsKeys.${k}`)}</small>
            <input
              className="bo-num-input"
              aria-label={`${t('backoffice.lottery.odds')}: ${name}, ${t(`lottery.oddsKeys.${k}`)}`}
              value={odds[k]}
              onChange={(e) => setOdds({ ...odds, [k]: e.target.value })}
            />
          </label>
        ))}
      </td>
      <td className="num" data-testid={`bo-lt-${betType.code}-return`}>
        {betType.returns
          .map((r) => formatPercentText(r.percent, lang))
          .filter((v, i, all) => all.indexOf(v) === i)
          .join(' · ')}
      </td>
      <td>
        <input
          className="bo-num-input"
          aria-label={`${t('backoffice.lottery.min')}: ${name}`}
          value={min}
          onChange={(e) => setMin(e.target.value)}
        />
      </td>
      <td>
        <input
          className="bo-num-input"
          aria-label={`${t('backoffice.lottery.max')}: ${name}`}
          value={max}
          onChange={(e) => setMax(e.target.value)}
        />
      </td>
      <td>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          onClick={() =>
            onSave({
              code: betType.code,
              enabled,
              odds: Object.fromEntries(
                Object.entries(odds).map(([k, v]) => [
                  k,
                  Math.round(Number.parseFloat(v.replace(',', '.')) * 100),
                ]),
              ),
              minStake: parseAmount(min, lang) ?? 0,
              maxStake: parseAmount(max, lang) ?? 0,
            })
          }
        >
          {t('backoffice.lottery.save')}
        </button>
      </td>
    </tr>
  );
}

/**
 * Lotteries: each game on or off with its betting window and longest chase, each bet type's odds (with
 * their exact return) and limits, saved with an audit row; the draw calendar of a game, a draw's lines and
 * exposure before it closes, and cancelling a draw (every line refunded). Every change players see is
 * confirmed in the operator-task dialog with what it changes (a cancellation with its reason, which
 * players read), then the lists load again.
 */
export function LotteryPanel({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const load = useCallback(() => call('adminLotteries', { token }), [token]);
  const overview = useOperatorList(load, onExpired);
  const [selected, setSelected] = useState<string | null>(null);
  const [drawsOf, setDrawsOf] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ game: string; number: string } | null>(null);
  const loadDraws = useCallback(
    () => (drawsOf ? call('adminLotteryDraws', { token, query: { game: drawsOf } }) : Promise.resolve(null)),
    [token, drawsOf],
  );
  const drawList = useOperatorList(loadDraws, onExpired);
  const loadDraw = useCallback(
    () =>
      opened
        ? call('adminLotteryDraw', { token, query: opened }).then((d) => ({ ...d, game: opened.game }))
        : Promise.resolve(null),
    [token, opened],
  );
  const drawDetail = useOperatorList<(DrawDetail & { game: string }) | null>(loadDraw, onExpired);
  const [afterClose, setAfterClose] = useState(false);
  const [task, send] = useOperatorTask(token, onExpired);
  const completed = task.context.completed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lists load again after each change
  useEffect(() => {
    if (completed === 0) return;
    overview.reload();
    drawList.reload();
    drawDetail.reload();
  }, [completed]);
  const busy = task.hasTag('busy');
  const done = task.context.done;
  const saved = done ? (done.summary.draw ?? done.summary.game ?? null) : null;
  const draws = drawList.data;
  const detail = drawDetail.data;
  const failure = overview.error ?? drawList.error ?? drawDetail.error;

  const data = overview.data;
  const game = data?.games.find((g) => g.code === selected) ?? data?.games[0];
  const money = (v: number) => `${formatAmount(v, lang)} ${data?.currency ?? ''}`;
  const onOff = (on: boolean) => t(on ? 'backoffice.lottery.on' : 'backoffice.lottery.off');
  /** Asks to change a game; the dialog shows the game and the setting before and after. */
  const change = (
    g: Game,
    body: { enabled?: boolean; closeSeconds?: number; maxChase?: number; dailyTime?: string },
    setting: string,
    before: string,
    after: string,
  ) =>
    send({
      type: 'REQUEST',
      task: {
        kind: 'updateLottery',
        summary: { game: g.name, setting, before, after },
        body: { game: g.code, ...body },
        reason: false,
      },
    });
  const saveBetType = (
    g: Game,
    b: BetType,
    next: {
      code: string;
      enabled: boolean;
      odds: Record<string, number>;
      minStake: number;
      maxStake: number;
    },
  ) => {
    const odds = (o: Record<string, number>) =>
      Object.entries(o)
        .map(([k, v]) => `${t(`lottery.oddsKeys.${k}`)} ${formatDecimal(v / 100, 2, lang)}`)
        .join(' · ');
    send({
      type: 'REQUEST',
      task: {
        kind: 'updateLottery',
        summary: {
          game: g.name,
          bet_type: t(`lottery.types.${b.code}`),
          before: `${onOff(b.enabled)} · ${odds(b.odds)} · ${formatAmount(b.minStake, lang)}–${formatAmount(b.maxStake, lang)}`,
          after: `${onOff(next.enabled)} · ${odds(next.odds)} · ${formatAmount(next.minStake, lang)}–${formatAmount(next.maxStake, lang)}`,
        },
        body: { game: g.code, betType: next },
        reason: false,
      },
    });
  };
  const showDraws = (code: string) => {
    setDrawsOf(code);
    setOpened(null);
  };

  const pastClose = !!detail && (detail.status === 'closed' || detail.closesAt <= (draws?.now ?? Date.now()));

  return (
    <section className="bo-catalogue" data-testid="bo-lottery">
      <div className="bo-card bo-wide">
        <h2 className="bo-heading">{t('backoffice.lottery.title')}</h2>
        {failure && <Failure code={failure} issues={[]} />}
        {saved && (
          <p className="form-success" role="status">
            {t('backoffice.lottery.saved', { what: saved })}
          </p>
        )}
        {data && (
          <ScrollRegion className="bo-scroll" label={t('backoffice.lottery.games')}>
            <table className="bo-table" data-testid="bo-lottery-games">
              <thead>
                <tr>
                  <th scope="col">{t('backoffice.lottery.game')}</th>
                  <th scope="col">{t('backoffice.lottery.schedule')}</th>
                  <th scope="col">{t('backoffice.lottery.enabled')}</th>
                  <th scope="col">{t('backoffice.lottery.close')}</th>
                  <th scope="col">{t('backoffice.lottery.chase')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('backoffice.lottery.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.games.map((g) => (
                  // Keyed by the dialog too: an edit the operator cancels shows the stored value again.
                  <tr
                    key={`${g.code}-${g.enabled}-${g.closeSeconds}-${g.maxChase}-${task.value === 'idle'}`}
                    data-game={g.code}
                  >
                    <th scope="row">
                      {g.name}{' '}
                      <small className="bo-sub">
                        {g.code} · {g.vendor}
                      </small>
                    </th>
                    <td>
                      {g.schedule.kind === 'interval' ? (
                        t('lottery.every', { minutes: g.schedule.minutes })
                      ) : (
                        <>
                          <input
                            className="bo-num-input"
                            type="time"
                            aria-label={`${t('backoffice.lottery.dailyTime')}: ${g.name}`}
                            defaultValue={g.schedule.time}
                            onBlur={(e) => {
                              if (
                                g.schedule.kind === 'daily' &&
                                e.target.value &&
                                e.target.value !== g.schedule.time
                              )
                                change(
                                  g,
                                  { dailyTime: e.target.value },
                                  t('backoffice.lottery.dailyTime'),
                                  g.schedule.time,
                                  e.target.value,
                                );
                            }}
                          />{' '}
                          <small className="bo-sub">{g.schedule.timeZone}</small>
                        </>
                      )}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${t('backoffice.lottery.enabled')}: ${g.name}`}
                        checked={g.enabled}
                        disabled={busy}
                        onChange={(e) =>
                          change(
                            g,
                            { enabled: e.target.checked },
                            t('backoffice.lottery.enabled'),
                            onOff(g.enabled),
                            onOff(e.target.checked),
                          )
                        }
                      />
                    </td>
                    <td>
                      <input
                        className="bo-num-input"
                        type="number"
                        aria-label={`${t('backoffice.lottery.close')}: ${g.name}`}
                        defaultValue={g.closeSeconds}
                        onBlur={(e) => {
                          const v = Number(e.target.value);
                          if (v !== g.closeSeconds)
                            change(
                              g,
                              { closeSeconds: v },
                              t('backoffice.lottery.close'),
                              String(g.closeSeconds),
                              String(v),
                            );
                        }}
                      />
                    </td>
                    <td>
                      <input
                        className="bo-num-input"
                        type="number"
                        aria-label={`${t('backoffice.lottery.chase')}: ${g.name}`}
                        defaultValue={g.maxChase}
                        onBlur={(e) => {
                          const v = Number(e.target.value);
                          if (v !== g.maxChase)
                            change(
                              g,
                              { maxChase: v },
                              t('backoffice.lottery.chase'),
                              String(g.maxChase),
                              String(v),
                            );
                        }}
                      />
                    </td>
                    <td className="bo-actions">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => setSelected(g.code)}
                      >
                        {t('backoffice.lottery.betTypes')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        data-testid={`bo-lt-draws-${g.code}`}
                        onClick={() => {
                          setSelected(g.code);
                          showDraws(g.code);
                        }}
                      >
                        {t('backoffice.lottery.draws')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </div>

      {game && (
        <div className="bo-card bo-wide">
          <h2 className="bo-heading">{t('backoffice.lottery.betTypesOf', { game: game.name })}</h2>
          <p className="bo-sub">{t('backoffice.lottery.oddsNote')}</p>
          <ScrollRegion className="bo-scroll" label={t('backoffice.lottery.betTypesOf', { game: game.name })}>
            <table className="bo-table">
              <thead>
                <tr>
                  <th scope="col">{t('backoffice.lottery.betType')}</th>
                  <th scope="col">{t('backoffice.lottery.enabled')}</th>
                  <th scope="col">{t('backoffice.lottery.odds')}</th>
                  <th scope="col" className="num">
                    {t('backoffice.lottery.return')}
                  </th>
                  <th scope="col">
                    {t('backoffice.lottery.min')} ({data?.currency})
                  </th>
                  <th scope="col">
                    {t('backoffice.lottery.max')} ({data?.currency})
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('backoffice.lottery.save')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {game.betTypes.map((b) => (
                  <BetTypeRow
                    key={`${game.code}-${b.code}-${JSON.stringify(b.odds)}-${b.minStake}-${b.maxStake}-${b.enabled}`}
                    betType={b}
                    busy={busy}
                    onSave={(betType) => saveBetType(game, b, betType)}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      )}

      {draws && game && (
        <div className="bo-card bo-wide" data-testid="bo-lt-draws">
          <h2 className="bo-heading">{t('backoffice.lottery.drawsOf', { game: game.name })}</h2>
          <ScrollRegion className="bo-scroll" label={t('backoffice.lottery.drawsOf', { game: game.name })}>
            <table className="bo-table">
              <thead>
                <tr>
                  <th scope="col">{t('lottery.draw')}</th>
                  <th scope="col">{t('backoffice.lottery.drawsAt')}</th>
                  <th scope="col">{t('lottery.status')}</th>
                  <th scope="col" className="num">
                    {t('backoffice.lottery.lines')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('backoffice.lottery.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {draws.draws
                  .filter((d) => d.drawsAt > draws.now - 3_600_000)
                  .slice(0, 40)
                  .map((d) => (
                    <tr key={d.number} data-draw={d.number} data-status={d.status}>
                      <th scope="row">{d.number}</th>
                      <td>{formatDateTime(d.drawsAt)}</td>
                      <td>{t(`backoffice.lottery.status.${d.status}`)}</td>
                      <td className="num">{d.betCount ?? '—'}</td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => {
                            setAfterClose(false);
                            setOpened({ game: game.code, number: d.number });
                          }}
                        >
                          {t('backoffice.lottery.open')}
                        </button>
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      )}

      {detail && game && (
        <div className="bo-card bo-wide" data-testid="bo-lt-draw">
          <h2 className="bo-heading">{t('backoffice.lottery.drawTitle', { draw: detail.number })}</h2>
          <p className="bo-sub">
            {t(`backoffice.lottery.status.${detail.status}`)} · {formatDateTime(detail.drawsAt)} ·{' '}
            <code>{detail.seedHash}</code>
          </p>
          {detail.exposure.length === 0 ? (
            <p className="bo-sub">{t('backoffice.lottery.noLines')}</p>
          ) : (
            <table className="bo-table" data-testid="bo-lt-exposure">
              <thead>
                <tr>
                  <th scope="col">{t('backoffice.lottery.betType')}</th>
                  <th scope="col" className="num">
                    {t('backoffice.lottery.lines')}
                  </th>
                  <th scope="col" className="num">
                    {t('backoffice.lottery.members')}
                  </th>
                  <th scope="col" className="num">
                    {t('backoffice.lottery.staked')}
                  </th>
                  <th scope="col" className="num">
                    {t('backoffice.lottery.maxPayout')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {detail.exposure.map((e) => (
                  <tr key={e.betType}>
                    <th scope="row">{t(`lottery.types.${e.betType}`)}</th>
                    <td className="num">{e.lines}</td>
                    <td className="num">{e.members}</td>
                    <td className="num">{money(e.stake)}</td>
                    <td className="num">{money(e.maxPayout)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {/* Past its close a draw's lines are fixed and its numbers computable: cancelling it then is its own act. */}
          {['scheduled', 'open', 'closed'].includes(detail.status) && (
            <form
              className="bo-form-grid"
              onSubmit={(e) => {
                e.preventDefault();
                const lines = detail.exposure.reduce((n, x) => n + x.lines, 0);
                const stake = detail.exposure.reduce((n, x) => n + x.stake, 0);
                send({
                  type: 'REQUEST',
                  task: {
                    kind: 'cancelLotteryDraw',
                    summary: {
                      game: game.name,
                      draw: detail.number,
                      status: t(`backoffice.lottery.status.${detail.status}`),
                      lines: String(lines),
                      refund: money(stake),
                      ...(pastClose && afterClose
                        ? { after_close: t('backoffice.lottery.afterCloseShort') }
                        : {}),
                    },
                    body: { game: game.code, number: detail.number, afterClose: pastClose && afterClose },
                  },
                });
              }}
            >
              {pastClose && (
                <label className="field bo-check" data-testid="bo-lt-after-close">
                  <input
                    type="checkbox"
                    checked={afterClose}
                    onChange={(e) => setAfterClose(e.target.checked)}
                  />
                  <span>{t('backoffice.lottery.afterClose')}</span>
                </label>
              )}
              <div className="bo-actions">
                <button
                  type="submit"
                  className="btn btn-ghost btn-sm"
                  data-testid="bo-lt-cancel"
                  aria-disabled={busy || undefined}
                >
                  {t('backoffice.lottery.cancelDraw')}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
      <TaskDialog state={task} send={send} />
    </section>
  );
}
