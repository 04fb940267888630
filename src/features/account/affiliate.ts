const KEY = 'affiliateCode';

/**
 * An invitation link (…/?code=AURORA01) brings the agent's code; it is kept for the browser session so
 * the visitor can look around before registering.
 */
export function captureAffiliateCode(search: string) {
  const params = new URLSearchParams(search);
  const code = params.get('code') ?? params.get('affiliateCode') ?? params.get('ref');
  if (!code || !/^[A-Za-z0-9]{2,32}$/.test(code)) return;
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // Without storage the code only works on this page.
  }
}

export function affiliateCodeFromUrl(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
