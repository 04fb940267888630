import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import {
  CONTRACT_KINDS,
  type ContractKind,
  type ContractTerms,
  type ContractView,
  contractTerms,
  MAX_CONTRACT_TIERS,
  PAY_PERIODS,
  SALARY_TYPES,
} from '../../api/contract/agents';
import { errorKey } from '../../api/errors';
import { type ContractOffer, contractOfferMachine } from '../../machines/contract-offer.machine';
import { inspectOptions } from '../../machines/inspect';
import { formatAmount, parseAmount } from '../../ui/format';
import { Modal } from '../../ui/Modal';

const machine = contractOfferMachine.provide({
  actors: {
    offer: fromPromise<ContractView, ContractOffer>(({ input }) => call('offerContract', { body: input })),
  },
});

type TierText = { minValidBet: string; minActive: string; rate: string };

/** "1,5" or "1.5" (percent) to basis points; null when it is not a rate with at most two decimals. */
function rateBp(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/**
 * A contract's terms as an agent writes them: the kind, its pay period or salary type, the active bet,
 * and up to MAX_CONTRACT_TIERS tiers. Checked here against the contract's schema before `onSubmit`.
 */
export function ContractTermsForm(props: {
  onSubmit: (terms: ContractTerms) => void;
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  errorCode?: string | null;
  errorMessage?: string | null;
  /** Kinds the agent may choose (all by default). */
  kinds?: readonly ContractKind[];
  /** The brand's templates to start from (the back office's); the first of a kind fills the form. */
  templates?: ReadonlyArray<{ id: number; name: string; terms: ContractTerms }>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const kinds = props.kinds ?? CONTRACT_KINDS;
  const [kind, setKind] = useState<ContractKind>(kinds.includes('daily_salary') ? 'daily_salary' : kinds[0]!);
  const [payPeriod, setPayPeriod] = useState<(typeof PAY_PERIODS)[number]>('weekly');
  const [salaryType, setSalaryType] = useState<(typeof SALARY_TYPES)[number]>('single_bet');
  const [activeBet, setActiveBet] = useState(formatAmount(10_000, lang));
  const [tiers, setTiers] = useState<TierText[]>([{ minValidBet: '0', minActive: '0', rate: '0,5' }]);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const templates = (props.templates ?? []).filter((tpl) => kinds.includes(tpl.terms.kind));
  const fill = (terms: ContractTerms) => {
    setKind(terms.kind);
    if (terms.kind === 'dividend') setPayPeriod(terms.payPeriod!);
    else setSalaryType(terms.salaryType!);
    setActiveBet(formatAmount(terms.minActiveBet, lang));
    setTiers(
      terms.tiers.map((tier) => ({
        minValidBet: formatAmount(tier.minValidBet, lang),
        minActive: String(tier.minActive),
        rate: (tier.rateBp / 100).toLocaleString(lang, { maximumFractionDigits: 2 }),
      })),
    );
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsedTiers = tiers.map((tier) => ({
      minValidBet: parseAmount(tier.minValidBet, lang),
      minActive: /^\d+$/.test(tier.minActive.trim()) ? Number(tier.minActive.trim()) : null,
      rateBp: rateBp(tier.rate),
    }));
    const minActiveBet = parseAmount(activeBet, lang);
    if (
      minActiveBet === null ||
      parsedTiers.some((x) => x.minValidBet === null || x.minActive === null || x.rateBp === null)
    ) {
      setProblem(t('agent.offer.invalid_numbers'));
      return;
    }
    const terms = {
      kind,
      ...(kind === 'dividend' ? { payPeriod } : { salaryType }),
      minActiveBet,
      tiers: parsedTiers,
    } as ContractTerms;
    const checked = contractTerms.safeParse(terms);
    if (!checked.success) {
      setProblem(t('agent.offer.invalid_tiers'));
      return;
    }
    setProblem(null);
    props.onSubmit(checked.data);
  };

  const setTier = (i: number, field: keyof TierText, value: string) =>
    setTiers((all) => all.map((tier, j) => (j === i ? { ...tier, [field]: value } : tier)));

  return (
    <form className="contract-offer-form" onSubmit={submit} noValidate>
      {templates.length > 0 && (
        <label className="field">
          <span>{t('agent.offer.template')}</span>
          <select
            defaultValue=""
            data-testid="offer-template"
            onChange={(e) => {
              const chosen = templates.find((tpl) => String(tpl.id) === e.target.value);
              if (chosen) fill(chosen.terms);
            }}
          >
            <option value="">{t('agent.offer.template_none')}</option>
            {templates.map((tpl) => (
              <option key={tpl.id} value={tpl.id}>
                {tpl.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="offer-row">
        <label className="field">
          <span>{t('agent.offer.kind')}</span>
          <select
            value={kind}
            onChange={(e) => setKind(e.target.value as ContractKind)}
            data-testid="offer-kind"
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`agent.offer.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {kind === 'dividend' ? (
          <label className="field">
            <span>{t('contracts.paid')}</span>
            <select value={payPeriod} onChange={(e) => setPayPeriod(e.target.value as typeof payPeriod)}>
              {PAY_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`contracts.periods.${p}`)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="field">
            <span>{t('contracts.on')}</span>
            <select value={salaryType} onChange={(e) => setSalaryType(e.target.value as typeof salaryType)}>
              {SALARY_TYPES.map((s) => (
                <option key={s} value={s}>
                  {t(`contracts.salary_types.${s}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span>{t('contracts.active_bet')}</span>
          <input inputMode="decimal" value={activeBet} onChange={(e) => setActiveBet(e.target.value)} />
        </label>
      </div>
      <fieldset className="offer-tiers">
        <legend>{t('contracts.tiers')}</legend>
        <p className="muted">{t('agent.offer.tiers_hint')}</p>
        {tiers.map((tier, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: tiers are rows edited in place, by position
          <div className="offer-tier" key={i} data-testid="offer-tier">
            <label className="field">
              <span id={`${ids}-bet-${i}`}>{t('contracts.min_valid_bet')}</span>
              <input
                inputMode="decimal"
                aria-labelledby={`${ids}-bet-${i}`}
                value={tier.minValidBet}
                onChange={(e) => setTier(i, 'minValidBet', e.target.value)}
              />
            </label>
            <label className="field">
              <span>{t('contracts.min_active')}</span>
              <input
                inputMode="numeric"
                value={tier.minActive}
                onChange={(e) => setTier(i, 'minActive', e.target.value)}
              />
            </label>
            <label className="field">
              <span>{t('agent.offer.rate_percent')}</span>
              <input
                inputMode="decimal"
                value={tier.rate}
                onChange={(e) => setTier(i, 'rate', e.target.value)}
                data-testid="offer-rate"
              />
            </label>
            {tiers.length > 1 && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => setTiers((all) => all.filter((_, j) => j !== i))}
                aria-label={t('agent.offer.remove_tier', { n: i + 1 })}
              >
                ✕
              </button>
            )}
          </div>
        ))}
        {tiers.length < MAX_CONTRACT_TIERS && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setTiers((all) => [...all, { minValidBet: '', minActive: '', rate: '' }])}
          >
            {t('agent.offer.add_tier')}
          </button>
        )}
      </fieldset>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {props.errorCode && (
        // The server's own words: they carry the figures (the most this agent may give).
        <p className="form-error" role="alert" data-code={props.errorCode} data-testid="offer-error">
          {props.errorMessage ?? t(errorKey(props.errorCode))}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          {t('contracts.back')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={props.busy} data-testid="offer-send">
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}

/** The agent's offer of a contract to a member of its direct downline (the member answers in its dialog). */
export function ContractOfferDialog(props: { username: string; onClose: (sent: boolean) => void }) {
  const { t } = useTranslation();
  const [templates, setTemplates] = useState<Array<{ id: number; name: string; terms: ContractTerms }>>([]);
  useEffect(() => {
    call('contractTemplates').then(setTemplates, () => setTemplates([]));
  }, []);
  const actor = useActorRef(machine, inspectOptions());
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const sent = useSelector(actor, (s) => s.context.sent);
  const { errorCode, errorMessage } = useSelector(actor, (s) => s.context);

  return (
    <Modal
      title={t('agent.offer.title', { member: props.username })}
      onClose={() => props.onClose(sent !== null)}
      testId="contract-offer"
      wide
    >
      {sent ? (
        <div className="contract-offer-sent" data-testid="contract-offer-sent">
          <p role="status">
            {t('agent.offer.sent', { member: sent.member, kind: t(`contracts.kinds.${sent.kind}`) })}
          </p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={() => props.onClose(true)}>
              {t('agent.offer.done')}
            </button>
          </div>
        </div>
      ) : (
        <ContractTermsForm
          busy={busy}
          templates={templates}
          submitLabel={t('agent.offer.send')}
          errorCode={errorCode}
          errorMessage={errorMessage}
          onCancel={() => props.onClose(false)}
          onSubmit={(terms) => actor.send({ type: 'SUBMIT', offer: { username: props.username, terms } })}
        />
      )}
    </Modal>
  );
}
