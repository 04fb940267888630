/**
 * SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104), synchronous and dependency-free, so the server and the
 * browser's verifier run the very same code (WebCrypto is asynchronous and missing on plain http pages).
 * tests/unit/originals-fair.test.ts checks it against node:crypto.
 */

// Int32 arrays and `| 0`: the words stay small integers for the JIT (a Uint32Array read above 2^31 is a
// double); the padding below writes bytes itself, as a DataView per block cost more than the compression.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const W = new Int32Array(64);

/** One compression of a 64-byte block at `offset` into the running state `h`. */
function compress(h: Int32Array, block: Uint8Array, offset: number) {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15]!;
    const b = W[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let k = h[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (k + S1 + ch + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + k) | 0;
}

/** Runs the rest of a message (after `prefixBytes` already compressed into `state`) and pads it. */
function finish(state: Int32Array, message: Uint8Array, prefixBytes: number): Uint8Array {
  const total = prefixBytes + message.length;
  const padded = new Uint8Array(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  putWord(padded, padded.length - 8, Math.floor((total * 8) / 2 ** 32));
  putWord(padded, padded.length - 4, (total * 8) | 0);
  for (let offset = 0; offset < padded.length; offset += 64) compress(state, padded, offset);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) putWord(out, i * 4, state[i]!);
  return out;
}

/** A 32-bit word into four bytes, big-endian. */
function putWord(bytes: Uint8Array, at: number, word: number) {
  bytes[at] = word >>> 24;
  bytes[at + 1] = word >>> 16;
  bytes[at + 2] = word >>> 8;
  bytes[at + 3] = word;
}

const encoder = new TextEncoder();
export const utf8 = (text: string) => encoder.encode(text);

export function sha256(message: Uint8Array | string): Uint8Array {
  const bytes = typeof message === 'string' ? utf8(message) : message;
  return finish(new Int32Array(INITIAL), bytes, 0);
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new RangeError('not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * HMAC-SHA256 with one key and many messages: the key's inner and outer blocks are compressed once, so
 * each message costs its own blocks only (an outcome stream asks for many under one server seed).
 */
export class Hmac256 {
  private readonly inner = new Int32Array(8);
  private readonly outer = new Int32Array(8);

  constructor(key: Uint8Array | string) {
    let k = typeof key === 'string' ? utf8(key) : key;
    if (k.length > 64) k = sha256(k);
    const ipad = new Uint8Array(64);
    const opad = new Uint8Array(64);
    for (let i = 0; i < 64; i++) {
      ipad[i] = (k[i] ?? 0) ^ 0x36;
      opad[i] = (k[i] ?? 0) ^ 0x5c;
    }
    this.inner.set(INITIAL);
    compress(this.inner, ipad, 0);
    this.outer.set(INITIAL);
    compress(this.outer, opad, 0);
  }

  digest(message: Uint8Array | string): Uint8Array {
    const bytes = typeof message === 'string' ? utf8(message) : message;
    const innerHash = finish(this.inner.slice(), bytes, 64);
    return finish(this.outer.slice(), innerHash, 64);
  }
}

export const hmacSha256 = (key: Uint8Array | string, message: Uint8Array | string) =>
  new Hmac256(key).digest(message);
