import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { SecretBox } from './secret-box';

const KEY_FILE = 'master.key';

/** MASTER_KEY as bytes: 64+ hex digits, or base64 / base64url of 32+ bytes. */
export function decodeMasterKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64,}$/.test(text)
    ? Buffer.from(text, 'hex')
    : Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length < 32) throw new Error('MASTER_KEY must hold at least 32 random bytes');
  return key;
}

/**
 * The installation's master key: from MASTER_KEY, or in demo mode from DATA_DIR/master.key, made on first
 * start (readable by the server's user only). Production never invents one (config.ts refuses to start).
 */
export function resolveMasterKey(config: Pick<Config, 'MASTER_KEY' | 'mode' | 'dataDir'>): Buffer {
  if (config.MASTER_KEY) return decodeMasterKey(config.MASTER_KEY);
  if (config.mode !== 'demo') throw new Error('MASTER_KEY is required in production');
  const file = path.join(config.dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return decodeMasterKey(readFileSync(file, 'utf8').trim());
}

/** Seals and opens what must be kept encrypted at rest under the master key. */
export function masterBox(key: Buffer): SecretBox {
  return new SecretBox(key.toString('base64'));
}
