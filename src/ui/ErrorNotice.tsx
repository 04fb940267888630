import { useTranslation } from 'react-i18next';
import { errorKey } from '../api/errors';

/** A failed load, said in the visitor's language from the error catalogue (spec 8). */
export function ErrorNotice({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <p className="error-notice card" role="alert" data-code={code}>
      {t(errorKey(code))}
    </p>
  );
}
