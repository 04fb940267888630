import { createHash } from 'node:crypto';
import { CONTENT_IMAGE_MAX_BYTES, type ContentImage } from '../../../src/api/contract/content-admin';
import { AppError } from '../../http/app-error';

type ImageMime = ContentImage['mime'];

const EXTENSIONS: Record<ImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Where the site reads an uploaded picture: named by the SHA-256 of its bytes, so it never changes. */
export const mediaUrl = (sha256: string, mime: ImageMime) =>
  `/api/content/media/${sha256}.${EXTENSIONS[mime]}`;

const MEDIA_URL = /^\/api\/content\/media\/([0-9a-f]{64})\.(png|jpg|webp)$/;
/** The site's own drawn pictures (server/modules/art). */
const ART_URL = /^\/art\/[a-z]+\/[A-Za-z0-9_-]+\.svg$/;

/** A picture's address as a banner or promotion names it: an uploaded one (its hash) or the site's art. */
export function parseImageUrl(
  url: string,
): { kind: 'media'; sha256: string; ext: string } | { kind: 'art' } | null {
  const media = MEDIA_URL.exec(url);
  if (media) return { kind: 'media', sha256: media[1]!, ext: media[2]! };
  return ART_URL.test(url) ? { kind: 'art' } : null;
}

/** `<sha256>.<ext>` of the media route, or null for anything else. */
export function parseMediaName(name: string): { sha256: string; ext: string } | null {
  const match = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(name);
  return match ? { sha256: match[1]!, ext: match[2]! } : null;
}

export const extensionOf = (mime: string) => EXTENSIONS[mime as ImageMime];

/** The picture's real type and size in pixels, read from its bytes (never from its name or the browser's word). */
export function sniffImage(
  data: Buffer,
): { mime: ImageMime; width: number | null; height: number | null } | null {
  if (
    data.length >= 24 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { mime: 'image/png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { mime: 'image/jpeg', ...jpegSize(data) };
  if (
    data.length >= 16 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return { mime: 'image/webp', ...webpSize(data) };
  return null;
}

function jpegSize(data: Buffer): { width: number | null; height: number | null } {
  let i = 2;
  while (i + 9 < data.length) {
    if (data[i] !== 0xff) break;
    const marker = data[i + 1]!;
    // Fill bytes, and markers that stand alone (no length).
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2;
      continue;
    }
    // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
    i += 2 + data.readUInt16BE(i + 2);
  }
  return { width: null, height: null };
}

function webpSize(data: Buffer): { width: number | null; height: number | null } {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && data.length >= 30)
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && data.length >= 25) {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && data.length >= 30)
    return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  return { width: null, height: null };
}

/** Checks an upload: one file, 2 MB at most, png, jpg or webp by its bytes. */
export function checkedImage(files: Buffer[]) {
  if (files.length !== 1 || files[0]!.length === 0) throw new AppError('CONTENT_IMAGE_REQUIRED');
  const data = files[0]!;
  if (data.length > CONTENT_IMAGE_MAX_BYTES) throw new AppError('CONTENT_IMAGE_TOO_LARGE');
  const sniffed = sniffImage(data);
  if (!sniffed) throw new AppError('CONTENT_IMAGE_TYPE');
  return { data, ...sniffed, sha256: createHash('sha256').update(data).digest('hex') };
}
