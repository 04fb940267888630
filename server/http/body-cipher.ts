import {
  constants,
  createDecipheriv,
  createHash,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
} from 'node:crypto';
import {
  type PublicKeyInfo,
  SEALED_MAX_SKEW_MS,
  type SealedEnvelope,
  sealedEnvelope,
} from '../../src/api/contract/sealed';
import { AppError } from './app-error';

/** A new RSA key for sealed bodies, as PKCS#8 PEM. */
export function newBodyKey(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
}

/** Opens the request bodies of `enc` routes (see src/api/contract/sealed.ts). */
export class BodyCipher {
  readonly info: PublicKeyInfo;

  constructor(private readonly privateKeyPem: string) {
    const spki = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' });
    this.info = {
      kid: createHash('sha256').update(spki).digest('base64url').slice(0, 16),
      alg: 'RSA-OAEP-256',
      spki: spki.toString('base64'),
    };
  }

  static isSealed(body: unknown): body is { enc: unknown } {
    return typeof body === 'object' && body !== null && 'enc' in body;
  }

  /** The JSON body inside, or SEALED_KEY_CHANGED / SEALED_BODY_INVALID. */
  open(raw: unknown, now = Date.now()): unknown {
    const parsed = sealedEnvelope.safeParse(raw);
    if (!parsed.success) throw new AppError('SEALED_BODY_INVALID');
    const envelope: SealedEnvelope = parsed.data;
    if (envelope.kid !== this.info.kid) throw new AppError('SEALED_KEY_CHANGED', {}, this.info);
    let plain: { ts?: unknown; body?: unknown };
    try {
      const aesKey = privateDecrypt(
        { key: this.privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(envelope.key, 'base64'),
      );
      const data = Buffer.from(envelope.data, 'base64');
      // WebCrypto appends the 16-byte tag to the ciphertext.
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(envelope.iv, 'base64'));
      decipher.setAuthTag(data.subarray(data.length - 16));
      const text = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
      plain = JSON.parse(text.toString('utf8'));
    } catch {
      throw new AppError('SEALED_BODY_INVALID');
    }
    if (typeof plain.ts !== 'number' || Math.abs(now - plain.ts) > SEALED_MAX_SKEW_MS) {
      throw new AppError('SEALED_BODY_INVALID');
    }
    return plain.body;
  }
}
