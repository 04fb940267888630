import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { RECORD_TYPES, type RecordType } from '../../api/contract/wallet';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatAmount, formatDateTime } from '../../ui/format';

type Line = Awaited<ReturnType<typeof call<'accountRecords'>>>['items'][number];
/** Spec 9's date presets that look back (a record has no future). */
const PRESETS = { today: 0, prev7: 7, prev30: 30 } as const;
type Preset = keyof typeof PRESETS;

/** The account record (transactionHistory): every movement on the member's wallets. */
export default function RecordsPage({ only }: { only?: RecordType }) {
  const { t, i18n } = useTranslation();
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
  const walletName = (w: string) => (w === 'main' || w === 'hold' ? t(`centre.records.wallets.${w}`) : w);
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
      <div className="records-table-wrap">
        <table className="records-table">
          <thead>
            <tr>
              <th>{t('centre.records.columns.time')}</th>
              <th>{t('centre.records.columns.type')}</th>
              <th>{t('centre.records.columns.wallet')}</th>
              <th className="num">{t('centre.records.columns.amount')}</th>
              <th className="num">{t('centre.records.columns.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} data-testid="record-line" data-type={line.type}>
                <td>{formatDateTime(line.createdAt)}</td>
                <td>{typeName(line)}</td>
                <td>{walletName(line.wallet)}</td>
                <td className={line.amount < 0 ? 'num negative' : 'num positive'}>
                  {line.amount > 0 ? '+' : ''}
                  {formatAmount(line.amount, lang)}
                </td>
                <td className="num">{formatAmount(line.balanceAfter, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
