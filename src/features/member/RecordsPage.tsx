import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { RECORD_TYPES, type RecordType } from '../../api/contract/wallet';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDateTime } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { useVendorName } from '../games/useGameMenus';
import { useRoundReference } from './roundReference';

type Line = Awaited<ReturnType<typeof call<'accountRecords'>>>['items'][number];
/** Spec 9's date presets that look back (a record has no future). */
const PRESETS = { today: 0, prev7: 7, prev30: 30 } as const;
type Preset = keyof typeof PRESETS;

/** The account record (transactionHistory): every movement on the member's wallets. */
export default function RecordsPage({ only }: { only?: RecordType }) {
  const { t, i18n } = useTranslation();
  const vendorName = useVendorName();
  const roundReference = useRoundReference();
  const lang = i18n.language;
  const [type, setType] = useState<RecordType | null>(only ?? null);
  const [preset, setPreset] = useState<Preset>('prev7');
  const [lines, setLines] = useState<Line[]>([]);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = async (before?: number) => {
    setLoading(true);
    setError(null);
    try {
      const from = dayjs().subtract(PRESETS[preset], 'day').startOf('day').valueOf();
      const page = await call('accountRecords', {
        query: { ...(type ? { type } : {}), from, ...(before ? { before } : {}), limit: 30 },
      });
      setLines((current) => (before ? [...current, ...page.items] : page.items));
      setMore(page.more);
    } catch (e) {
      setError((e as { code?: string }).code ?? 'UNKNOWN');
    } finally {
      setLoading(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts the list again
  useEffect(() => {
    void load();
  }, [type, preset]);

  const typeName = (line: (typeof lines)[number]) => {
    const group = t(`centre.records.types.${line.type}`, { defaultValue: line.type });
    // Transfers inside the agent tree say who the money went to or came from.
    const other = line.amount < 0 ? line.detail.toUsername : line.detail.fromUsername;
    const key = `centre.records.kinds.${line.type}_${line.amount < 0 ? 'out' : 'in'}`;
    if (typeof other === 'string' && i18n.exists(key)) return t(key, { name: other });
    return t(`centre.records.kinds.${line.type}`, { defaultValue: group });
  };
  const title = t(`centre.pages.${only === 'bonus' ? 'bonusDetails' : 'transactionHistory'}`);
  const walletName = (w: string) =>
    w === 'main' || w === 'hold' || w === 'bonus' ? t(`centre.records.wallets.${w}`) : w;
  return (
    <div className="records-page" data-testid="records-page">
      <fieldset className="chips" aria-label={t('centre.records.columns.time')}>
        {(Object.keys(PRESETS) as Preset[]).map((p) => (
          <button
            key={p}
            type="button"
            className={p === preset ? 'chip is-active' : 'chip'}
            onClick={() => setPreset(p)}
          >
            {t(`centre.records.presets.${p}`)}
          </button>
        ))}
      </fieldset>
      {!only && (
        <fieldset className="chips" aria-label={t('centre.records.columns.type')}>
          <button
            type="button"
            className={type === null ? 'chip is-active' : 'chip'}
            onClick={() => setType(null)}
          >
            {t('centre.records.all')}
          </button>
          {RECORD_TYPES.map((r) => (
            <button
              key={r}
              type="button"
              className={r === type ? 'chip is-active' : 'chip'}
              onClick={() => setType(r)}
            >
              {t(`centre.records.types.${r}`)}
            </button>
          ))}
        </fieldset>
      )}
      {error && <ErrorNotice code={error} />}
      {/* On phones each line is a card of label and value (member.css); wider, a table that may scroll. */}
      <ScrollRegion className="records-table-wrap" label={title} testId="records-scroll">
        <table className="records-table stack-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('centre.records.columns.time')}</th>
              <th scope="col">{t('centre.records.columns.type')}</th>
              <th scope="col">{t('centre.records.columns.wallet')}</th>
              <th scope="col" className="num">
                {t('centre.records.columns.amount')}
              </th>
              <th scope="col" className="num">
                {t('centre.records.columns.balance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} data-testid="record-line" data-type={line.type}>
                <td className="record-time" data-label={t('centre.records.columns.time')}>
                  {formatDateTime(line.createdAt)}
                </td>
                <td className="record-type" data-label={t('centre.records.columns.type')}>
                  {typeName(line)}
                  {typeof line.detail.round === 'string' && (
                    // A game movement names its round, as the betting record does.
                    <small className="muted block" data-testid="record-round">
                      {[
                        typeof line.detail.vendor === 'string' ? vendorName(line.detail.vendor) : '',
                        roundReference({
                          vassalage: String(line.detail.vendor ?? ''),
                          roundId: line.detail.round,
                        }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </small>
                  )}
                </td>
                <td className="record-wallet" data-label={t('centre.records.columns.wallet')}>
                  {walletName(line.wallet)}
                </td>
                <td
                  className={`record-amount num ${line.amount < 0 ? 'negative' : 'positive'}`}
                  data-label={t('centre.records.columns.amount')}
                >
                  {line.amount > 0 ? '+' : ''}
                  {formatAmount(line.amount, lang)}
                </td>
                <td className="record-balance num" data-label={t('centre.records.columns.balance')}>
                  {formatAmount(line.balanceAfter, lang)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {!loading && lines.length === 0 && !error && <p className="muted">{t('centre.records.empty')}</p>}
      {more && (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={loading}
          onClick={() => void load(lines.at(-1)?.id)}
        >
          {t('centre.records.more')}
        </button>
      )}
    </div>
  );
}
