import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useWhitelabel } from './SiteProvider';

/** Customer service opens the brand's first help target: an outside chat in a new tab, or a page here. */
export function useOpenCustomerService() {
  const navigate = useNavigate();
  const { customerService } = useWhitelabel();
  return useCallback(
    (url = customerService[0]?.url ?? '/help') => {
      if (/^https?:\/\//.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
      else navigate(url);
    },
    [customerService, navigate],
  );
}
