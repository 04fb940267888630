import i18next from 'i18next';
import { PHONE_VERIFICATION_CHANNEL, type PhoneProof } from '../../api/contract/identity';
import { paths } from '../../api/paths';
import type { PhoneVerificationResult } from '../../machines/phone-verification.machine';

/** What the verification window's page posts on the channel (same origin only, by BroadcastChannel). */
export type PhoneVerificationMessage = PhoneVerificationResult;

const isProof = (value: unknown): value is PhoneProof => {
  const p = value as Partial<PhoneProof> | null;
  return (
    typeof p?.countryDialingCode === 'string' &&
    typeof p.mobileNum === 'string' &&
    typeof p.proof === 'string' &&
    typeof p.verifiedBy === 'string'
  );
};

/** A message from the window, or undefined for anything else on the channel. */
export function readMessage(data: unknown): PhoneVerificationResult | undefined {
  const message = data as Partial<PhoneVerificationMessage> | null;
  if (message?.type === 'VERIFIED' && isProof(message.proof))
    return { type: 'VERIFIED', proof: message.proof };
  if (message?.type === 'FAILED' && typeof message.code === 'string')
    return { type: 'FAILED', code: message.code.slice(0, 64) };
  return undefined;
}

/**
 * Opens the brand's phone provider in a window of its own and waits for its page to say how it ended.
 * Rejects at once when the browser blocked the window; stops waiting when `signal` aborts (the member
 * cancelled, or opened it again).
 */
export function verifyPhoneInWindow(code: string, signal: AbortSignal): Promise<PhoneVerificationResult> {
  // A navigation carries no language header: the provider's pages follow the page's language.
  const start = `${paths.oidcStart.path.replace(':provider', encodeURIComponent(code))}?${new URLSearchParams(
    {
      lang: i18next.language,
    },
  )}`;
  const popup = window.open(start, 'phone-verification', 'popup,width=480,height=720');
  if (!popup) return Promise.reject({ code: 'PHONE_POPUP_BLOCKED' });
  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(PHONE_VERIFICATION_CHANNEL);
    const stop = () => {
      channel.close();
      signal.removeEventListener('abort', aborted);
    };
    const aborted = () => {
      stop();
      reject(new DOMException('cancelled', 'AbortError'));
    };
    signal.addEventListener('abort', aborted);
    channel.onmessage = (event) => {
      const result = readMessage(event.data);
      if (!result) return;
      stop();
      resolve(result);
    };
  });
}

/** The window's page: tells the form how the verification ended. */
export function tellForm(message: PhoneVerificationMessage) {
  const channel = new BroadcastChannel(PHONE_VERIFICATION_CHANNEL);
  channel.postMessage(message);
  channel.close();
}
