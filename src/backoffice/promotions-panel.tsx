import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, fetchBlob } from '../api/client';
import type { AdminPromotionRule, PromotionRule } from '../api/contract/promotions';
import { errorKey } from '../api/errors';
import { promotionTerms } from '../features/promotions/promotion-terms';
import { formatAmount, formatDateTime, parseAmount } from '../ui/format';
import { ScrollRegion } from '../ui/ScrollRegion';
import { inlineFailure, TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList, useReloadAfter } from './panels';
import type { PanelProps } from './sections';

/** The form's fields, as typed (amounts in the operator's language, counts as digits). */
interface Draft {
  entry: 'join' | 'auto';
  claim: 'claim' | 'auto';
  claimDays: string;
  trigger: 'signup' | 'deposit';
  withinDays: string;
  nth: string;
  minAmount: string;
  reward: 'cash' | 'bonus_fixed' | 'bonus_share';
  amount: string;
  percent: string;
  cap: string;
  multiple: string;
  base: 'bonus' | 'bonus_deposit';
  expiryDays: string;
  kycVerified: boolean;
  budget: string;
  paused: boolean;
}

function draftOf(rule: PromotionRule | null, lang: string): Draft {
  const money = (minor: number | null | undefined) => (minor == null ? '' : formatAmount(minor, lang));
  const r = rule?.reward;
  const tr = rule?.trigger;
  return {
    entry: rule?.entry === 'auto' ? 'auto' : 'join',
    claim: rule?.claim ?? 'claim',
    claimDays: String(rule?.claimDays ?? 7),
    trigger: tr?.type === 'signup' ? 'signup' : 'deposit',
    withinDays: String(tr?.type === 'signup' ? tr.withinDays : 7),
    nth: tr?.type === 'deposit' && tr.nth !== null ? String(tr.nth) : '',
    minAmount: money(tr?.type === 'deposit' ? tr.minAmount : 2_000),
    reward:
      r?.type === 'cash'
        ? 'cash'
        : r?.type === 'bonus' && r.percentBp !== null
          ? 'bonus_share'
          : 'bonus_fixed',
    amount: money(r?.type === 'cash' ? r.amount : r?.type === 'bonus' ? r.amount : 1_000),
    percent: r?.type === 'bonus' && r.percentBp !== null ? String(r.percentBp / 100) : '100',
    cap: money(r?.type === 'bonus' ? r.cap : null),
    multiple: String(r?.type === 'bonus' ? r.multiple : 10),
    base: r?.type === 'bonus' ? r.base : 'bonus',
    expiryDays: String(r?.type === 'bonus' ? r.expiryDays : 14),
    kycVerified: rule?.eligibility.kycVerified ?? false,
    budget: money(rule?.budget),
    paused: rule?.paused ?? false,
  };
}

const whole = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The rule a draft describes, or null when a field is not what it should be. */
function ruleOf(d: Draft, lang: string, base: PromotionRule | null): PromotionRule | null {
  const amount = (text: string) => {
    const v = parseAmount(text, lang);
    return v !== null && v > 0 ? v : null;
  };
  const optionalAmount = (text: string) => (text.trim() === '' ? null : amount(text));
  const claimDays = whole(d.claimDays);
  const trigger =
    d.trigger === 'signup'
      ? whole(d.withinDays) && { type: 'signup' as const, withinDays: whole(d.withinDays)! }
      : amount(d.minAmount) && {
          type: 'deposit' as const,
          nth: d.nth.trim() === '' ? null : whole(d.nth),
          minAmount: amount(d.minAmount)!,
        };
  const percent = Number(d.percent.replace(',', '.'));
  const reward =
    d.reward === 'cash'
      ? amount(d.amount) && { type: 'cash' as const, amount: amount(d.amount)! }
      : {
          type: 'bonus' as const,
          amount: d.reward === 'bonus_fixed' ? amount(d.amount) : null,
          percentBp: d.reward === 'bonus_share' && percent > 0 ? Math.round(percent * 100) : null,
          cap: d.reward === 'bonus_share' ? optionalAmount(d.cap) : null,
          multiple: whole(d.multiple) ?? 0,
          base: d.base,
          expiryDays: whole(d.expiryDays) ?? 0,
          maxStake: null,
          weights: base?.reward.type === 'bonus' ? base.reward.weights : {},
        };
  if (!claimDays || !trigger || !reward || (d.trigger === 'deposit' && d.nth.trim() !== '' && !whole(d.nth)))
    return null;
  if (reward.type === 'bonus' && (reward.multiple < 1 || reward.expiryDays < 1)) return null;
  if (reward.type === 'bonus' && reward.amount === null && reward.percentBp === null) return null;
  const budget = optionalAmount(d.budget);
  if (d.budget.trim() !== '' && budget === null) return null;
  return {
    entry: d.entry,
    claim: d.claim,
    claimDays,
    trigger,
    reward,
    eligibility: {
      kycVerified: d.kycVerified,
      registeredFrom: base?.eligibility.registeredFrom ?? null,
      registeredTo: base?.eligibility.registeredTo ?? null,
    },
    budget,
    paused: d.paused,
  };
}

/**
 * Promotions (issue 29): each promotion of the content pages with its rule in the words players read and
 * what it has cost; an operator sets or changes the rule (trigger, reward, wagering, budget, pause).
 */
export function PromotionsPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const load = useCallback(() => call('adminPromotionRules', { token }), [token]);
  const { data, error, reload } = useOperatorList(load, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadAfter(task.context.completed, reload);
  const [editing, setEditing] = useState<number | null>(null);
  if (!data) return error ? <p className="form-error">{t(errorKey(error))}</p> : null;
  const money = (minor: number) => formatAmount(minor, lang);
  const failure = inlineFailure(task);
  return (
    <section className="bo-catalogue" data-testid="bo-promotions">
      <div className="bo-toolbar">
        <h2 className="bo-heading">{t('backoffice.promotions.title')}</h2>
      </div>
      <p className="muted">{t('backoffice.promotions.intro')}</p>
      <ScrollRegion className="bo-table-wrap" label={t('backoffice.promotions.title')}>
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">{t('backoffice.promotions.promotion')}</th>
              <th scope="col">{t('backoffice.promotions.rule')}</th>
              <th scope="col" className="num">
                {t('backoffice.promotions.joined')}
              </th>
              <th scope="col" className="num">
                {t('backoffice.promotions.granted')}
              </th>
              <th scope="col" className="num">
                {t('backoffice.promotions.converted')}
              </th>
              <th scope="col" className="num">
                {t('backoffice.promotions.forfeited')}
              </th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.promotionId} data-testid={`bo-promotion-${p.promotionId}`}>
                <td>
                  <strong>{p.title}</strong>
                  <div className="muted">
                    {formatDateTime(p.startsAt, lang)}
                    {p.endsAt !== null && ` – ${formatDateTime(p.endsAt, lang)}`}
                    {!p.active && ` · ${t('backoffice.promotions.off')}`}
                    {p.rule?.paused && ` · ${t('backoffice.promotions.paused')}`}
                  </div>
                </td>
                <td>
                  {p.rule ? (
                    <ul className="bo-rule-lines">
                      {promotionTerms({ ...p.rule, kycVerified: p.rule.eligibility.kycVerified }, t, lang, '')
                        .slice(0, 4)
                        .map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      {p.rule.budget !== null && (
                        <li>{t('backoffice.promotions.budget_line', { budget: money(p.rule.budget) })}</li>
                      )}
                    </ul>
                  ) : (
                    <span className="muted">{t('backoffice.promotions.no_rule')}</span>
                  )}
                </td>
                <td className="num">
                  {p.stats.joined} / {p.stats.claimed}
                </td>
                <td className="num">{money(p.stats.granted)}</td>
                <td className="num">{money(p.stats.converted)}</td>
                <td className="num">{money(p.stats.forfeited + p.stats.expired)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    data-testid="bo-promotion-edit"
                    onClick={() => setEditing(editing === p.promotionId ? null : p.promotionId)}
                  >
                    {p.rule ? t('backoffice.promotions.edit') : t('backoffice.promotions.add')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {editing !== null && (
        <RuleForm
          key={editing}
          promotion={data.find((p) => p.promotionId === editing)!}
          onSubmit={(rule, summary) =>
            send({
              type: 'REQUEST',
              task: { kind: 'savePromotionRule', summary, body: { promotionId: editing, rule } },
            })
          }
        />
      )}
      {failure && <p className="form-error">{failure.message ?? t(errorKey(failure.code))}</p>}
      <TaskDialog state={task} send={send} />
      <ApplicationsQueue token={token} onExpired={onExpired} />
    </section>
  );
}

/** A picture of an application, fetched with the operator's session (never a public address). */
function ApplicationImage({
  token,
  entryId,
  sequence,
}: {
  token: string;
  entryId: number;
  sequence: number;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    fetchBlob(
      'promotionApplicationImage',
      { entryId: String(entryId), sequence: String(sequence) },
      token,
    ).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [token, entryId, sequence]);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" className="bo-application-image">
      <img src={url} alt={t('backoffice.promotions.image', { n: sequence })} width={96} height={96} />
    </a>
  ) : null;
}

/** Applications to manual promotions waiting for a decision: the remark, the pictures, approve or reject. */
function ApplicationsQueue({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const load = useCallback(
    () => call('promotionApplications', { token, query: { status: 'waiting' } }),
    [token],
  );
  const { data, reload } = useOperatorList(load, onExpired);
  const [task, send] = useOperatorTask(token, onExpired);
  useReloadAfter(task.context.completed, reload);
  if (!data) return null;
  return (
    <section className="bo-card bo-applications" data-testid="bo-applications">
      <h3>{t('backoffice.promotions.applications', { count: data.length })}</h3>
      {data.length === 0 && <p className="muted">{t('backoffice.promotions.no_applications')}</p>}
      <ul className="bo-application-list">
        {data.map((a) => (
          <li key={a.entryId} data-testid={`bo-application-${a.username}`}>
            <p>
              <strong>{a.username}</strong> · {a.promotion} · {formatDateTime(a.appliedAt, lang)}
            </p>
            <p className="bo-application-remark">{a.remark}</p>
            <div className="bo-application-images">
              {Array.from({ length: a.images }, (_, i) => i + 1).map((sequence) => (
                <ApplicationImage key={sequence} token={token} entryId={a.entryId} sequence={sequence} />
              ))}
            </div>
            <div className="bo-actions">
              {(['approve', 'reject'] as const).map((decision) => (
                <button
                  key={decision}
                  type="button"
                  className={`btn btn-sm ${decision === 'approve' ? 'btn-primary' : 'btn-ghost'}`}
                  onClick={() =>
                    send({
                      type: 'REQUEST',
                      task: {
                        kind: 'decideApplication',
                        summary: {
                          member: a.username,
                          promotion: a.promotion,
                          decision: t(`backoffice.promotions.${decision}`),
                        },
                        body: { entryId: a.entryId, decision },
                      },
                    })
                  }
                >
                  {t(`backoffice.promotions.${decision}`)}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      <TaskDialog state={task} send={send} />
    </section>
  );
}

function RuleForm({
  promotion,
  onSubmit,
}: {
  promotion: AdminPromotionRule;
  onSubmit: (rule: PromotionRule, summary: Record<string, string>) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [d, setD] = useState<Draft>(() => draftOf(promotion.rule, lang));
  const [invalid, setInvalid] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD({ ...d, [key]: value });
  const text = (key: keyof Draft, label: string, inputMode: 'decimal' | 'numeric' = 'numeric') => (
    <label className="field">
      <span>{t(`backoffice.promotions.field.${label}`)}</span>
      <input
        inputMode={inputMode}
        value={d[key] as string}
        data-testid={`bo-promo-${label}`}
        onChange={(e) => set(key, e.target.value as never)}
      />
    </label>
  );
  const choice = <K extends keyof Draft>(key: K, options: string[]) => (
    <label className="field">
      <span>{t(`backoffice.promotions.field.${key}`)}</span>
      <select
        value={d[key] as string}
        data-testid={`bo-promo-${key}`}
        onChange={(e) => set(key, e.target.value as never)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`backoffice.promotions.option.${key}_${o}`)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      className="bo-card bo-promotion-form"
      data-testid="bo-promotion-form"
      onSubmit={(e) => {
        e.preventDefault();
        const rule = ruleOf(d, lang, promotion.rule);
        setInvalid(rule === null);
        if (!rule) return;
        const lines = promotionTerms({ ...rule, kycVerified: rule.eligibility.kycVerified }, t, lang, '');
        onSubmit(rule, {
          promotion: promotion.title,
          promotion_rule: lines.slice(0, 2).join(' '),
          ...(rule.budget !== null ? { promotion_budget: formatAmount(rule.budget, lang) } : {}),
        });
      }}
    >
      <h3>{promotion.title}</h3>
      <div className="bo-form-grid">
        {choice('trigger', ['deposit', 'signup'])}
        {d.trigger === 'deposit' ? (
          <>
            {text('nth', 'nth')}
            {text('minAmount', 'minAmount', 'decimal')}
          </>
        ) : (
          text('withinDays', 'withinDays')
        )}
        {choice('entry', ['join', 'auto'])}
        {choice('reward', ['bonus_share', 'bonus_fixed', 'cash'])}
        {d.reward === 'bonus_share' ? (
          <>
            {text('percent', 'percent', 'decimal')}
            {text('cap', 'cap', 'decimal')}
          </>
        ) : (
          text('amount', 'amount', 'decimal')
        )}
        {d.reward !== 'cash' && (
          <>
            {text('multiple', 'multiple')}
            {choice('base', ['bonus', 'bonus_deposit'])}
            {text('expiryDays', 'expiryDays')}
          </>
        )}
        {choice('claim', ['claim', 'auto'])}
        {text('claimDays', 'claimDays')}
        {text('budget', 'budget', 'decimal')}
        <label className="field bo-check">
          <input
            type="checkbox"
            checked={d.kycVerified}
            onChange={(e) => set('kycVerified', e.target.checked)}
          />
          <span>{t('backoffice.promotions.field.kycVerified')}</span>
        </label>
        <label className="field bo-check">
          <input type="checkbox" checked={d.paused} onChange={(e) => set('paused', e.target.checked)} />
          <span>{t('backoffice.promotions.field.paused')}</span>
        </label>
      </div>
      {invalid && <p className="form-error">{t('backoffice.promotions.invalid')}</p>}
      <button type="submit" className="btn btn-primary" data-testid="bo-promo-save">
        {t('backoffice.save')}
      </button>
    </form>
  );
}
