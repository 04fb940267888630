/** The remembered login (spec 3, 4.2): the last username, in a cookie that lasts one day. */
const COOKIE = 'remember_login';
const ONE_DAY_S = 24 * 3600;

export function rememberedUsername(): string {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  return match ? decodeURIComponent(match.slice(COOKIE.length + 1)) : '';
}

export function rememberLogin(username: string | null) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = username
    ? `${COOKIE}=${encodeURIComponent(username)}; Max-Age=${ONE_DAY_S}; Path=/; SameSite=Lax${secure}`
    : `${COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
