import { useTranslation } from 'react-i18next';
import type { CrashChain } from '../../api/contract/originals';
import { formatDateTime, formatWhole } from '../../ui/format';

const LOTTERY_SOURCE = /^lottery:([a-z0-9]+):([0-9-]+)$/;

/** Where a chain's salt comes from, in words: the site's own draw, or the operator's announcement. */
export function useSaltSource() {
  const { t } = useTranslation();
  return (source: string) => {
    const draw = LOTTERY_SOURCE.exec(source);
    return draw
      ? t('originals.crash.salt_lottery', { game: draw[1]!.toUpperCase(), number: draw[2] })
      : source;
  };
}

/**
 * The crash chain as published: its commitment (unless the page shows it already), then where its salt comes from (announced before that
 * value existed) and the salt once entered. No round plays before the salt is known.
 */
export function CrashChainNote({ chain, commitment = true }: { chain: CrashChain; commitment?: boolean }) {
  const { t, i18n } = useTranslation();
  const sourceText = useSaltSource();
  const when = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));
  return (
    <div className="og-chain" data-testid="og-crash-chain">
      {commitment && (
        <p>
          {t('originals.crash.chain', { length: formatWhole(chain.length, i18n.language) })}{' '}
          <code>{chain.commitment}</code>
        </p>
      )}
      {chain.saltSource === null ? (
        <p>{t('originals.crash.salt_unannounced')}</p>
      ) : (
        <p>
          {t('originals.crash.salt_source', { when: when(chain.saltAnnouncedAt) })}{' '}
          <strong data-testid="og-crash-salt-source">{sourceText(chain.saltSource)}</strong>
        </p>
      )}
      {chain.salt === null ? (
        chain.saltSource !== null && <p>{t('originals.crash.salt_pending')}</p>
      ) : (
        <p>
          {t('originals.crash.salt_entered', { when: when(chain.saltAt) })}{' '}
          <code data-testid="og-crash-salt">{chain.salt}</code>
        </p>
      )}
    </div>
  );
}
