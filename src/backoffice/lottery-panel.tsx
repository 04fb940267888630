import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { EndpointValue } from '../api/endpoints';
import { failureCode, failureIssues } from '../machines/failure';
import { formatAmount, formatDateTime, formatDecimal, formatPercentText, parseAmount } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { Failure } from './games-panels';
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
 * exposure before it closes, and cancelling a draw (every line refunded).
 */
export function LotteryPanel({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const load = useCallback(() => call('adminLotteries', { token }), [token]);
  const overview = useOperatorList(load, onExpired);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{
    code: string;
    issues: { path: string; message: string }[];
  } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [draws, setDraws] = useState<EndpointValue<'adminLotteryDraws'> | null>(null);
  const [detail, setDetail] = useState<(DrawDetail & { game: string }) | null>(null);
  const [reason, setReason] = useState('');
  const [afterClose, setAfterClose] = useState(false);

  const run = async <T,>(send: () => Promise<T>) => {
    setBusy(true);
    setFailure(null);
    setSaved(null);
    try {
      return await send();
    } catch (error) {
      const code = failureCode(error);
      if (code === 'UNAUTHORIZED' || code === 'SESSION_EXPIRED') onExpired();
      setFailure({ code, issues: failureIssues(error) });
      return null;
    } finally {
      setBusy(false);
    }
  };
  const data = overview.data;
  const game = data?.games.find((g) => g.code === selected) ?? data?.games[0];
  const money = (v: number) => `${formatAmount(v, lang)} ${data?.currency ?? ''}`;
  const update = async (
    body: {
      game: string;
      enabled?: boolean;
      closeSeconds?: number;
      maxChase?: number;
      dailyTime?: string;
      betType?: {
        code: string;
        enabled: boolean;
        odds: Record<string, number>;
        minStake: number;
        maxStake: number;
      };
    },
    what: string,
  ) => {
    const next = await run(() => call('updateLottery', { token, body }));
    if (next) {
      setSaved(what);
      overview.reload();
    }
  };
  const showDraws = async (code: string) => {
    const next = await run(() => call('adminLotteryDraws', { token, query: { game: code } }));
    setDraws(next);
    setDetail(null);
  };

  const pastClose = !!detail && (detail.status === 'closed' || detail.closesAt <= (draws?.now ?? Date.now()));

  return (
    <section className="bo-catalogue" data-testid="bo-lottery">
      <div className="bo-card bo-wide">
        <h2 className="bo-heading">{t('backoffice.lottery.title')}</h2>
        {overview.error && <Failure code={overview.error} issues={[]} />}
        {failure && <Failure code={failure.code} issues={failure.issues} />}
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
                  <tr key={`${g.code}-${g.enabled}-${g.closeSeconds}-${g.maxChase}`} data-game={g.code}>
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
                                void update({ game: g.code, dailyTime: e.target.value }, g.name);
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
                        onChange={(e) => void update({ game: g.code, enabled: e.target.checked }, g.name)}
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
                          if (v !== g.closeSeconds) void update({ game: g.code, closeSeconds: v }, g.name);
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
                          if (v !== g.maxChase) void update({ game: g.code, maxChase: v }, g.name);
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
                          void showDraws(g.code);
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
                    onSave={(betType) =>
                      void update({ game: game.code, betType }, t(`lottery.types.${b.code}`))
                    }
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
                          onClick={async () => {
                            const code = game.code;
                            const next = await run(() =>
                              call('adminLotteryDraw', { token, query: { game: code, number: d.number } }),
                            );
                            setDetail(next && { ...next, game: code });
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
              onSubmit={async (e) => {
                e.preventDefault();
                const next = await run(() =>
                  call('cancelLotteryDraw', {
                    token,
                    body: {
                      game: game.code,
                      number: detail.number,
                      reason,
                      afterClose: pastClose && afterClose,
                    },
                  }),
                );
                if (next) {
                  setDetail({ ...detail, ...next });
                  setSaved(detail.number);
                  void showDraws(detail.game);
                }
              }}
            >
              <label className="field">
                <span>{t('backoffice.lottery.cancelReason')}</span>
                <input value={reason} onChange={(e) => setReason(e.target.value)} minLength={3} required />
              </label>
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
    </section>
  );
}
