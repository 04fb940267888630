import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { CONTRACT_KINDS, type ContractTerms } from '../../api/contract/agents';
import { formatRate } from '../../ui/format';
import { Modal } from '../../ui/Modal';
import { ContractTermsView } from '../contracts/ContractTermsView';
import { ContractTermsForm } from './ContractOfferDialog';

type Invitation = Awaited<ReturnType<typeof call<'agentInvitation'>>>;

/**
 * The contracts the agent's invitation carries: whoever registers with its code or link, or is opened an
 * account here, is offered them at once. At most one per kind, each within the agent's own rate.
 */
export function InvitationContracts(props: { invitation: Invitation; onChange: (next: Invitation) => void }) {
  const { t, i18n } = useTranslation();
  const { defaults, caps } = props.invitation;
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string | null } | null>(null);
  const free = CONTRACT_KINDS.filter((k) => caps[k] > 0 && !defaults.some((d) => d.kind === k));
  const save = async (next: ContractTerms[]) => {
    setBusy(true);
    setError(null);
    try {
      props.onChange(await call('setInvitationDefaults', { body: { defaults: next } }));
      setAdding(false);
    } catch (e) {
      const failure = e as { code?: string; message?: string };
      setError({ code: failure.code ?? 'UNKNOWN', message: failure.message || null });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="invite-contracts" data-testid="invitation-contracts">
      <h3 className="agent-subtitle">{t('agent.invite.contracts')}</h3>
      <p className="muted">
        {t('agent.invite.contracts_text', {
          caps:
            CONTRACT_KINDS.filter((k) => caps[k] > 0)
              .map((k) => `${t(`agent.revenue.kinds.${k}`)} ${formatRate(caps[k], i18n.language)}`)
              .join(' · ') || t('agent.invite.no_caps'),
        })}
      </p>
      {defaults.length > 0 && (
        <ul className="invite-contract-list">
          {defaults.map((d) => (
            <li key={d.kind} className="card" data-kind={d.kind}>
              <div className="invite-contract-head">
                <strong>{t(`agent.revenue.kinds.${d.kind}`)}</strong>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy}
                  onClick={() => void save(defaults.filter((x) => x.kind !== d.kind))}
                >
                  {t('agent.invite.remove')}
                </button>
              </div>
              <ContractTermsView terms={d} />
            </li>
          ))}
        </ul>
      )}
      {free.length > 0 && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setAdding(true)}
          data-testid="invite-add-contract"
        >
          {t('agent.invite.add')}
        </button>
      )}
      {adding && (
        <Modal
          title={t('agent.invite.add')}
          onClose={() => setAdding(false)}
          testId="invitation-contract"
          wide
        >
          <ContractTermsForm
            kinds={free}
            busy={busy}
            submitLabel={t('agent.invite.save')}
            errorCode={error?.code ?? null}
            errorMessage={error?.message ?? null}
            onCancel={() => setAdding(false)}
            onSubmit={(terms) => void save([...defaults, terms])}
          />
        </Modal>
      )}
    </section>
  );
}
