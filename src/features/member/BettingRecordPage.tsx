import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import type { SectionKey } from '../../api/contract/common';
import type { BetRecord } from '../../api/contract/records';
import { fairnessLink } from '../../originals/links';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDateTime } from '../../ui/format';
import { Modal } from '../../ui/Modal';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { useGameMenus, useVendorName } from '../games/useGameMenus';
import { useRoundReference } from './roundReference';

type Records = Awaited<ReturnType<typeof call<'betRecords'>>>;
type Round = Awaited<ReturnType<typeof call<'betRound'>>>;
type Status = 'open' | 'settled' | 'cancelled';

/** Spec 9's date presets that look back (a record has no future). */
export const LOOKBACK = { today: 0, prev7: 7, prev30: 30 } as const;
export type Lookback = keyof typeof LOOKBACK;
export const lookbackStart = (p: Lookback) => dayjs().subtract(LOOKBACK[p], 'day').startOf('day').valueOf();

const PAGE_SIZE = 20;

/** The betting record (personalHistoryCopy): every game round, filtered, with its details on demand. */
export default function BettingRecordPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const menus = useGameMenus();
  const vendorName = useVendorName();
  const [preset, setPreset] = useState<Lookback>('prev7');
  const [gameType, setGameType] = useState<SectionKey | ''>('');
  const [vendor, setVendor] = useState('');
  const [game, setGame] = useState('');
  const [games, setGames] = useState<{ gameCode: string; gameName: string }[]>([]);
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Records | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<BetRecord | null>(null);

  const categories = (menus ?? []).filter((m) => m.vendors.some((v) => v.playable));
  const vendors = categories.find((m) => m.gameType === gameType)?.vendors.filter((v) => v.playable) ?? [];

  // The games of the chosen provider, for the game filter.
  useEffect(() => {
    setGame('');
    if (!vendor) return setGames([]);
    let live = true;
    call('gameList', { query: { vassalage: vendor, pageSize: 100 } })
      .then((list) => live && setGames(list.items))
      .catch(() => live && setGames([]));
    return () => {
      live = false;
    };
  }, [vendor]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts again at page 1
  useEffect(() => setPage(1), [preset, gameType, vendor, game, status]);
  useEffect(() => {
    let live = true;
    setError(null);
    call('betRecords', {
      query: {
        from: lookbackStart(preset),
        ...(gameType ? { gameType } : {}),
        ...(vendor ? { vassalage: vendor } : {}),
        ...(game ? { gameCode: game } : {}),
        ...(status ? { status } : {}),
        page,
        pageSize: PAGE_SIZE,
      },
    })
      .then((d) => live && setData(d))
      .catch((e: { code?: string }) => live && setError(e.code ?? 'UNKNOWN'));
    return () => {
      live = false;
    };
  }, [preset, gameType, vendor, game, status, page]);

  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const money = (n: number) => formatAmount(n, lang);
  const title = t('centre.pages.personalHistoryCopy');
  return (
    <div className="records-page bets-page" data-testid="bets-page">
      <fieldset className="chips">
        <legend className="visually-hidden">{t('centre.records.columns.time')}</legend>
        {(Object.keys(LOOKBACK) as Lookback[]).map((p) => (
          <button
            key={p}
            type="button"
            className={p === preset ? 'chip is-active' : 'chip'}
            aria-pressed={p === preset}
            onClick={() => setPreset(p)}
          >
            {t(`centre.records.presets.${p}`)}
          </button>
        ))}
      </fieldset>
      <div className="filters-row">
        <label>
          <span>{t('centre.bets.category')}</span>
          <select
            className="input"
            value={gameType}
            onChange={(e) => {
              setGameType(e.target.value as SectionKey | '');
              setVendor('');
            }}
          >
            <option value="">{t('centre.records.all')}</option>
            {categories.map((m) => (
              <option key={m.gameType} value={m.gameType}>
                {t(`titles.${m.gameType}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('centre.bets.vendor')}</span>
          <select
            className="input"
            value={vendor}
            disabled={!gameType}
            onChange={(e) => setVendor(e.target.value)}
          >
            <option value="">{t('centre.records.all')}</option>
            {vendors.map((v) => (
              <option key={v.vassalage} value={v.vassalage}>
                {v.accountTypeName}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('centre.bets.game')}</span>
          <select className="input" value={game} disabled={!vendor} onChange={(e) => setGame(e.target.value)}>
            <option value="">{t('centre.records.all')}</option>
            {games.map((g) => (
              <option key={g.gameCode} value={g.gameCode}>
                {g.gameName}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('centre.bets.status')}</span>
          <select className="input" value={status} onChange={(e) => setStatus(e.target.value as Status | '')}>
            <option value="">{t('centre.records.all')}</option>
            {(['settled', 'open', 'cancelled'] as Status[]).map((s) => (
              <option key={s} value={s}>
                {t(`centre.bets.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {data && (
        <dl className="summary-row" data-testid="bets-summary">
          <div>
            <dt>{t('centre.bets.stake')}</dt>
            <dd>{money(data.summary.stake)}</dd>
          </div>
          <div>
            <dt>{t('centre.bets.validBet')}</dt>
            <dd>{money(data.summary.validBet)}</dd>
          </div>
          <div>
            <dt>{t('centre.bets.payout')}</dt>
            <dd>{money(data.summary.payout)}</dd>
          </div>
          <div>
            <dt>{t('centre.bets.net')}</dt>
            <dd className={data.summary.net < 0 ? 'negative' : 'positive'}>{money(data.summary.net)}</dd>
          </div>
        </dl>
      )}
      {error && <ErrorNotice code={error} />}
      <ScrollRegion className="records-table-wrap" label={title} testId="bets-scroll">
        <table className="records-table stack-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('centre.records.columns.time')}</th>
              <th scope="col">{t('centre.bets.game')}</th>
              <th scope="col" className="num">
                {t('centre.bets.stake')}
              </th>
              <th scope="col" className="num">
                {t('centre.bets.payout')}
              </th>
              <th scope="col" className="num">
                {t('centre.bets.net')}
              </th>
              <th scope="col">{t('centre.bets.status')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.items.map((r) => (
              <tr key={`${r.vassalage}:${r.roundId}`} data-testid="bet-line" data-game={r.gameCode ?? ''}>
                <td data-label={t('centre.records.columns.time')}>{formatDateTime(r.createdAt)}</td>
                <td data-label={t('centre.bets.game')}>
                  <button type="button" className="link-btn" onClick={() => setOpen(r)}>
                    {r.gameName}
                  </button>
                  <small className="muted block">
                    {[r.gameType ? t(`titles.${r.gameType}`) : '', vendorName(r.vassalage)]
                      .filter(Boolean)
                      .join(' · ')}
                  </small>
                </td>
                <td className="num" data-label={t('centre.bets.stake')}>
                  {money(r.stake)}
                </td>
                <td className="num" data-label={t('centre.bets.payout')}>
                  {money(r.payout)}
                </td>
                <td
                  className={`num ${r.net < 0 ? 'negative' : 'positive'}`}
                  data-label={t('centre.bets.net')}
                >
                  {r.net > 0 ? '+' : ''}
                  {money(r.net)}
                </td>
                <td data-label={t('centre.bets.status')}>
                  <span className={`status-tag ${r.status}`}>{t(`centre.bets.statuses.${r.status}`)}</span>
                  {r.vassalage === 'BGS' && fairnessLink(r.roundId) && (
                    <Link className="block" to={fairnessLink(r.roundId)!} data-testid="bet-verify">
                      {t('originals.recent.verify')}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {data && data.items.length === 0 && <p className="muted">{t('centre.bets.empty')}</p>}
      {data && pages > 1 && (
        <nav className="pager" aria-label={t('centre.bets.pages')}>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            ←
          </button>
          <span>{t('centre.bets.page', { page, pages })}</span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            →
          </button>
        </nav>
      )}
      {open && <RoundDialog record={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** One round: what was staked and paid, and each wallet movement it made. */
function RoundDialog({ record, onClose }: { record: BetRecord; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [round, setRound] = useState<Round | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call('betRound', { query: { vassalage: record.vassalage, roundId: record.roundId } }).then(
      setRound,
      (e) => setError((e as { code?: string }).code ?? 'UNKNOWN'),
    );
  }, [record]);
  const money = (n: number) => formatAmount(n, i18n.language);
  const vendorName = useVendorName();
  const roundReference = useRoundReference();
  return (
    <Modal title={record.gameName} onClose={onClose} testId="round-detail">
      <dl className="detail-list">
        <dt>{t('centre.bets.round')}</dt>
        <dd data-testid="round-reference">{roundReference(record)}</dd>
        <dt>{t('centre.bets.vendor')}</dt>
        <dd>{vendorName(record.vassalage)}</dd>
        <dt>{t('centre.bets.stake')}</dt>
        <dd>{money(record.stake)}</dd>
        <dt>{t('centre.bets.payout')}</dt>
        <dd>{money(record.payout)}</dd>
        {record.refunded > 0 && (
          <>
            <dt>{t('centre.bets.refunded')}</dt>
            <dd>{money(record.refunded)}</dd>
          </>
        )}
        <dt>{t('centre.bets.status')}</dt>
        <dd>{t(`centre.bets.statuses.${record.status}`)}</dd>
        {record.vassalage === 'BGS' && fairnessLink(record.roundId) && (
          <>
            <dt>{t('originals.recent.check')}</dt>
            <dd>
              <Link to={fairnessLink(record.roundId)!}>{t('originals.recent.verify')}</Link>
            </dd>
          </>
        )}
      </dl>
      {error && <ErrorNotice code={error} />}
      {round && (
        <table className="records-table compact">
          <caption>{t('centre.bets.movements')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('centre.records.columns.time')}</th>
              <th scope="col">{t('centre.records.columns.type')}</th>
              <th scope="col" className="num">
                {t('centre.records.columns.amount')}
              </th>
              <th scope="col" className="num">
                {t('centre.records.columns.balance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {round.movements.map((m) => (
              <tr key={`${m.createdAt}-${m.type}-${m.amount}`}>
                <td>{dayjs(m.createdAt).format('HH:mm:ss')}</td>
                <td>{t(`centre.records.kinds.${m.type}`, { defaultValue: m.type })}</td>
                <td className={`num ${m.amount < 0 ? 'negative' : 'positive'}`}>{money(m.amount)}</td>
                <td className="num">{money(m.balanceAfter)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
