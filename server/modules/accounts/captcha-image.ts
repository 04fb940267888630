import { crc32, deflateSync } from 'node:zlib';

// 5x7 bitmaps of the digits, one string of 35 cells per digit (row by row).
const DIGITS = [
  '01110100011001110101110011000101110',
  '00100011000010000100001000010001110',
  '01110100010000100010001000100011111',
  '11111000100010000010000011000101110',
  '00010001100101010010111110001000010',
  '11111100001111000001000011000101110',
  '00110010001000011110100011000101110',
  '11111000010001000100010000100001000',
  '01110100011000101110100011000101110',
  '01110100011000101111000010001001100',
];

const WIDTH = 132;
const HEIGHT = 44;

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Encodes an RGB pixel buffer as a PNG (no filters, one IDAT). */
function encodePng(pixels: Uint8Array, width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(pixels.buffer, pixels.byteOffset + y * width * 3, width * 3).copy(
      raw,
      y * (width * 3 + 1) + 1,
    );
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Draws digits as a noisy PNG a person reads easily and a naive OCR does not: each digit scaled,
 * shifted and coloured on its own, over speckles and crossing lines.
 */
export function renderCaptcha(text: string, random: () => number = Math.random): Buffer {
  const pixels = new Uint8Array(WIDTH * HEIGHT * 3);
  const set = (x: number, y: number, [r, g, b]: number[]) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (Math.floor(y) * WIDTH + Math.floor(x)) * 3;
    pixels[i] = r!;
    pixels[i + 1] = g!;
    pixels[i + 2] = b!;
  };
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) set(x, y, [244, 242, 250]);
  for (let i = 0; i < 260; i++) {
    const shade = 150 + Math.floor(random() * 90);
    set(random() * WIDTH, random() * HEIGHT, [shade, shade - 20, shade]);
  }
  [...text].forEach((char, index) => {
    const bitmap = DIGITS[Number(char)] ?? DIGITS[0]!;
    const scale = 4 + Math.floor(random() * 2);
    const left = 10 + index * 29 + Math.floor(random() * 6);
    const top = 4 + Math.floor(random() * (HEIGHT - 7 * scale - 6));
    const colour = [40 + random() * 80, 20 + random() * 60, 90 + random() * 120].map(Math.floor);
    const slant = (random() - 0.5) * 0.5;
    for (let row = 0; row < 7; row++) {
      for (let col = 0; col < 5; col++) {
        if (bitmap[row * 5 + col] !== '1') continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const y = top + row * scale + dy;
            set(left + col * scale + dx + slant * (y - HEIGHT / 2), y, colour);
          }
        }
      }
    }
  });
  for (let line = 0; line < 3; line++) {
    let y = random() * HEIGHT;
    const slope = (random() - 0.5) * 0.6;
    const colour = [100 + random() * 100, 80, 160].map(Math.floor);
    for (let x = 0; x < WIDTH; x++, y += slope) set(x, y, colour);
  }
  return encodePng(pixels, WIDTH, HEIGHT);
}
