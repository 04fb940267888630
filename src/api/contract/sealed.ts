import { z } from 'zod';

/**
 * Encrypted request bodies (the spec's `enc` routes): the browser seals the JSON body with a fresh
 * AES-256-GCM key, wraps that key with the server's RSA-OAEP-256 public key, and sends only this.
 * Inside is `{ ts, body }`: the time lets the server refuse a sealed body replayed much later.
 */
export const sealedEnvelope = z.object({
  v: z.literal(1),
  /** Which server key wrapped it, so a rotated key gets a clear answer instead of garbage. */
  kid: z.string().max(64),
  key: z.string().max(1024),
  iv: z.string().max(32),
  data: z.string().max(1_400_000),
});
export type SealedEnvelope = z.infer<typeof sealedEnvelope>;

export const publicKeyInfo = z.object({
  kid: z.string(),
  alg: z.literal('RSA-OAEP-256'),
  /** SubjectPublicKeyInfo, DER, base64. */
  spki: z.string(),
});
export type PublicKeyInfo = z.infer<typeof publicKeyInfo>;

/** How far a sealed body's time may be from the server's. */
export const SEALED_MAX_SKEW_MS = 5 * 60_000;
