import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import type { OriginalsSeeds } from '../../api/contract/originals';
import { errorKey } from '../../api/errors';
import { CLIENT_SEED_PATTERN, randomHex } from '../../originals/fair';
import { Modal } from '../../ui/Modal';

/**
 * The member's seeds: the commitment (SHA-256 of the hidden server seed), the client seed, the nonce and
 * the next server seed's commitment; rotating reveals the server seed and pairs the committed next one
 * with the client seed given.
 */
export function SeedsPanel({ onRotated }: { onRotated?: () => void }) {
  const { t } = useTranslation();
  const [seeds, setSeeds] = useState<OriginalsSeeds | null>(null);
  const [clientSeed, setClientSeed] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState<OriginalsSeeds['previous'][number] | null>(null);
  const load = () =>
    call('originalsSeeds').then(
      (s) => {
        setSeeds(s);
        setClientSeed(randomHex(8));
      },
      (e: { code?: string }) => setError(t(errorKey(e.code ?? 'UNKNOWN'))),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when shown
  useEffect(() => {
    load();
  }, []);
  const valid = CLIENT_SEED_PATTERN.test(clientSeed);
  const rotate = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await call('rotateSeed', { body: { clientSeed } });
      setRevealed(r.revealed);
      await load();
      onRotated?.();
    } catch (e) {
      const failure = e as { code?: string; message?: string };
      setError(failure.message || t(errorKey(failure.code ?? 'UNKNOWN')));
    } finally {
      setBusy(false);
    }
  };
  if (!seeds)
    return error ? (
      <p className="form-error">{error}</p>
    ) : (
      <div className="skeleton" style={{ height: 160 }} />
    );
  return (
    <div className="og-seeds" data-testid="og-seeds">
      <dl className="og-dl">
        <dt>{t('originals.fair.commitment')}</dt>
        <dd>
          <code data-testid="og-commitment">{seeds.active.serverSeedHash}</code>
        </dd>
        <dt>{t('originals.fair.client_seed')}</dt>
        <dd>
          <code data-testid="og-client-seed">{seeds.active.clientSeed}</code>
        </dd>
        <dt>{t('originals.fair.nonce')}</dt>
        <dd data-testid="og-nonce">{seeds.active.nonce}</dd>
        <dt>{t('originals.fair.next_commitment')}</dt>
        <dd>
          <code data-testid="og-next-commitment">{seeds.active.nextServerSeedHash}</code>
        </dd>
      </dl>
      <div className="og-field">
        <label htmlFor="og-new-client-seed">{t('originals.fair.new_client_seed')}</label>
        <div className="og-stake">
          <input
            id="og-new-client-seed"
            className="input"
            value={clientSeed}
            maxLength={64}
            aria-invalid={!valid || undefined}
            onChange={(e) => setClientSeed(e.target.value)}
          />
          <button type="button" className="btn btn-primary btn-sm" disabled={!valid || busy} onClick={rotate}>
            {t('originals.fair.rotate')}
          </button>
        </div>
        <small className="muted">{t('originals.fair.rotate_note')}</small>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {revealed && (
        <div className="og-revealed" role="status">
          <p>{t('originals.fair.revealed', { count: revealed.nonce })}</p>
          <code data-testid="og-revealed-seed">{revealed.serverSeed}</code>
        </div>
      )}
    </div>
  );
}

export function SeedsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal onClose={onClose} title={t('originals.fair.title')} testId="og-seeds-dialog">
      <SeedsPanel />
      <p>
        <Link to="/originals/fairness" onClick={onClose}>
          {t('originals.fair.open_verifier')}
        </Link>
      </p>
    </Modal>
  );
}
