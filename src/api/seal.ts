import type { PublicKeyInfo, SealedEnvelope } from './contract/sealed';

const toBase64 = (bytes: ArrayBuffer | Uint8Array) => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (const byte of view) text += String.fromCharCode(byte);
  return btoa(text);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** WebCrypto exists only in secure contexts (https, localhost); elsewhere bodies go plain. */
export const canSeal = () => typeof globalThis.crypto?.subtle?.encrypt === 'function';

/** Seals a JSON body for an `enc` route (see contract/sealed.ts) with the server's public key. */
export async function seal(body: unknown, server: PublicKeyInfo, now = Date.now()): Promise<SealedEnvelope> {
  const subtle = globalThis.crypto.subtle;
  const publicKey = await subtle.importKey(
    'spki',
    fromBase64(server.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify({ ts: now, body }));
  const [data, rawKey] = await Promise.all([
    subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, plain),
    subtle.exportKey('raw', aesKey),
  ]);
  const key = await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, rawKey);
  return { v: 1, kid: server.kid, key: toBase64(key), iv: toBase64(iv), data: toBase64(data) };
}
