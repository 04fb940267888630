import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A session or remember token: 256 random bits; only its SHA-256 is stored. */
export function newToken() {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

export function randomDigits(length: number) {
  return Array.from({ length }, () => randomInt(10)).join('');
}
