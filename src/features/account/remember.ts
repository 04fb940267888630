import type { LoginValues } from '../../machines/login.machine';

/**
 * The remembered login (spec 3, 4.2): the last username, and the sms mobile with its dialing code, in
 * cookies that last one day. No password is ever kept in the browser.
 */
const USERNAME = 'remember_login';
const MOBILE = 'remember_mobile';
const ONE_DAY_S = 24 * 3600;

function read(name: string): string {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : '';
}

function write(name: string, value: string | null) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = value
    ? `${name}=${encodeURIComponent(value)}; Max-Age=${ONE_DAY_S}; Path=/; SameSite=Lax${secure}`
    : `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

export function rememberedUsername(): string {
  return read(USERNAME);
}

export function rememberedMobile(): { username: string; countryDialingCode: string } {
  const [dialing, number] = read(MOBILE).split(' ');
  return { username: number ?? '', countryDialingCode: dialing || '55' };
}

/** Ticked: keep this login's identifier for a day; unticked: forget both. */
export function rememberLogin(values: LoginValues) {
  if (!values.remember) {
    write(USERNAME, null);
    write(MOBILE, null);
  } else if (values.countryDialingCode) {
    write(MOBILE, `${values.countryDialingCode} ${values.username}`);
  } else {
    write(USERNAME, values.username);
  }
}
