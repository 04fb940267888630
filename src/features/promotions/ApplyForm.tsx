import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../api/errors';

/** Spec 5.6: a remark of at most 140 characters, up to 3 png or jpg pictures of 5 MB each (the server's too). */
const APPLY_REMARK_MAX = 140;
const APPLY_IMAGES_MAX = 3;
const APPLY_IMAGE_BYTES = 5 * 1024 * 1024;

/** What is wrong with an application before it is sent (the server checks the same), or null. */
export function applicationIssue(remark: string, files: File[]): string | null {
  if (remark.trim().length === 0) return 'PROMOTION_APPLY_REMARK';
  if (remark.length > APPLY_REMARK_MAX) return 'PROMOTION_APPLY_REMARK';
  if (files.length > APPLY_IMAGES_MAX) return 'PROMOTION_APPLY_IMAGES';
  if (files.some((f) => f.size > APPLY_IMAGE_BYTES)) return 'PAYLOAD_TOO_LARGE';
  if (files.some((f) => !['image/png', 'image/jpeg'].includes(f.type))) return 'PROMOTION_APPLY_FILE_TYPE';
  return null;
}

/** The application to a promotion the operator reviews: a remark and the pictures it asks for. */
export function ApplyForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (remark: string, files: File[]) => void;
}) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [issue, setIssue] = useState<string | null>(null);
  return (
    <form
      className="promo-apply"
      data-testid="promo-apply-form"
      onSubmit={(e) => {
        e.preventDefault();
        const found = applicationIssue(remark, files);
        setIssue(found);
        if (!found) onSubmit(remark.trim(), files);
      }}
    >
      <label className="field">
        <span>{t('promotions.apply.remark', { max: APPLY_REMARK_MAX })}</span>
        <textarea
          value={remark}
          maxLength={APPLY_REMARK_MAX}
          rows={3}
          onChange={(e) => setRemark(e.target.value)}
          data-testid="promo-apply-remark"
        />
        <small className="muted">
          {remark.length}/{APPLY_REMARK_MAX}
        </small>
      </label>
      <label className="field">
        <span>{t('promotions.apply.images', { max: APPLY_IMAGES_MAX })}</span>
        <input
          type="file"
          accept="image/png,image/jpeg"
          multiple
          data-testid="promo-apply-images"
          onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
        />
      </label>
      {issue && (
        <p className="form-error" role="alert">
          {t(errorKey(issue))}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy} data-testid="promo-apply-send">
        {t('promotions.apply.send')}
      </button>
    </form>
  );
}
