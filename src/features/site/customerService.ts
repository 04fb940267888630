import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useWhitelabel } from './SiteProvider';

/** Where the help page lists the site's customer-service channels. */
export const CONTACT_PATH = '/help#contact';

/**
 * A help target: a web address (a chat, Telegram) opens in a new tab; a mailto: or tel: address opens the
 * visitor's mail or phone app; a page of this site opens in place.
 */
export function openServiceTarget(url: string, navigate?: (to: string) => void) {
  if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
  else if (/^(mailto|tel):/i.test(url)) window.location.href = url;
  else if (url.startsWith('/') && navigate) navigate(url);
  else if (url.startsWith('/')) window.location.assign(url);
}

/**
 * "Talk to support" (spec 2.2: an outside help target): the brand's first channel, or the help page's
 * contact section when it has none, which says so. The server sends only channels that reach someone
 * (never one back to the help page), so this never goes in a circle.
 */
export function useOpenCustomerService() {
  const navigate = useNavigate();
  const { customerService } = useWhitelabel();
  return useCallback(
    (url?: string) => {
      const target = url ?? customerService[0]?.url ?? CONTACT_PATH;
      openServiceTarget(target, navigate);
    },
    [customerService, navigate],
  );
}
