import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { errorKey } from '../../api/errors';
import { formatAmount, parseAmount } from '../../ui/format';
import { useWhitelabel } from '../site/SiteProvider';

/** Transfer to upline (spec 2.5): money from the member's main wallet to the agent above. */
export default function TransferUplinePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { currency } = useWhitelabel();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <form
      className="account-form deposit-form"
      data-testid="transfer-upline-form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const minor = parseAmount(amount, lang);
        if (minor === null) return setMessage({ ok: false, text: t('centre.deposit.invalid_amount') });
        setBusy(true);
        try {
          const result = await call('transferUpline', {
            body: { amount: minor, paymentPassword: password, requestId: crypto.randomUUID() },
          });
          setMessage({
            ok: true,
            text: t('centre.upline.done', {
              amount: formatAmount(result.amount, lang),
              to: result.to,
              balance: `${formatAmount(result.balance, lang)} ${result.currency}`,
            }),
          });
          setAmount('');
          setPassword('');
        } catch (err) {
          const error = err as { code?: string; message?: string };
          setMessage({ ok: false, text: error.message || t(errorKey(error.code ?? 'UNKNOWN')) });
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="muted">{t('centre.upline.text')}</p>
      <label className="field">
        <span>{t('centre.upline.amount', { currency })}</span>
        <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('centre.upline.password')}</span>
        <input
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role="status">
          {message.text}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('centre.upline.submit')}
      </button>
    </form>
  );
}
