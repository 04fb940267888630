import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useWhitelabel } from './SiteProvider';

/** A help target: an outside chat opens in a new tab; a page of this site opens in place. */
export function openServiceTarget(url: string, navigate?: (to: string) => void) {
  if (/^https?:\/\//.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
  else if (navigate) navigate(url);
  else window.location.assign(url);
}

/** Customer service opens the brand's first help target unless another is named. */
export function useOpenCustomerService() {
  const navigate = useNavigate();
  const { customerService } = useWhitelabel();
  return useCallback(
    (url = customerService[0]?.url ?? '/help') => openServiceTarget(url, navigate),
    [customerService, navigate],
  );
}
