import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import type { MemberInfo } from '../../api/contract/accounts';
import { errorKey } from '../../api/errors';
import { MEMBER_ICON_COUNT, memberIconUrl } from '../../api/member-icons';
import { Modal } from '../../ui/Modal';
import { useSessionActor } from '../session/session';

/** The member picks their picture from the brand's icons; the header shows it at once. */
export function IconPicker({ member, onClose }: { member: MemberInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const [error, setError] = useState<string | null>(null);
  const pick = async (icon: number) => {
    setError(null);
    try {
      await call('setMemberIcon', { body: { icon } });
      session.send({ type: 'REFRESH' });
      onClose();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'UNKNOWN');
    }
  };
  return (
    <Modal title={t('member.icon_title')} onClose={onClose} testId="icon-picker">
      <div className="icon-grid">
        {Array.from({ length: MEMBER_ICON_COUNT }, (_, i) => i + 1).map((icon) => (
          <button
            key={icon}
            type="button"
            className={icon === member.icon ? 'icon-choice is-current' : 'icon-choice'}
            aria-pressed={icon === member.icon}
            aria-label={`${t('member.icon_title')} ${icon}`}
            onClick={() => void pick(icon)}
          >
            <img src={memberIconUrl(icon)} alt="" width={56} height={56} />
          </button>
        ))}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {t(errorKey(error))}
        </p>
      )}
    </Modal>
  );
}
