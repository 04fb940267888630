import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { TwoFactorPanel } from './TwoFactorPanel';

/** Security: turn two-step verification (an authenticator app) on or off. */
export function TwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('security.title')} onClose={onClose} testId="two-factor-dialog">
      <TwoFactorPanel />
    </Modal>
  );
}
