/**
 * The PIX "copia e cola" code (BR Code): an EMV QR Code merchant-presented payload as the Banco Central
 * do Brasil's "Manual de Padrões para Iniciação do Pix" defines it. Each field is ID (2 digits), length
 * (2 digits) and value; the last one, 63, is a CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) of the
 * whole payload up to and including "6304", in 4 upper-case hex digits.
 *
 * This builds a static code for a PIX key (merchant account information 26 with the GUI br.gov.bcb.pix and
 * the key), with the amount and the deposit's txid in the additional data field (62, sub-field 05), so the
 * payment that arrives names the deposit. A provider's dynamic code (26/25 with its URL) is the provider's
 * to build (pix-gateway.ts).
 */

export interface BrCodeInput {
  /** The PIX key as the DICT stores it (src/api/pix-key.ts). */
  key: string;
  /** In minor units (centavos); shown as "123.45". Omitted: the payer types the amount. */
  amount?: number;
  /** The receiver's name and city as the payer's bank shows them (cut to 25 and 15 characters). */
  merchantName: string;
  merchantCity: string;
  /** The charge's id: 1 to 25 letters and digits; "***" when none. */
  txid: string;
  /** Merchant category code; "0000" when not informed. */
  mcc?: string;
  /** Point of initiation 12: the code is for one payment. */
  singleUse?: boolean;
}

export const PIX_GUI = 'br.gov.bcb.pix';
/** ISO 4217 numeric code of the real. */
export const BRL_NUMERIC = '986';
/** What a txid may hold in a static code (BCB: up to 25 alphanumeric characters). */
export const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

/** One field: its ID, its value's length in 2 digits, its value. */
export function field(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`BR Code: bad field id ${id}`);
  if (value.length > 99) throw new Error(`BR Code: field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor), in 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Minor units as the BR Code's amount: a dot and two decimals, no thousands separator ("1234.50"). */
export function brCodeAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor <= 0) throw new Error('BR Code: the amount must be positive');
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/**
 * Names and cities in the characters every bank's reader takes: accents taken off, upper case, only
 * letters, digits, spaces and a few signs, cut to `max`.
 */
export function plainText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,&/-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
}

/** The BR Code for `input`, CRC included. */
export function buildBrCode(input: BrCodeInput): string {
  if (input.txid !== '***' && !TXID_PATTERN.test(input.txid)) throw new Error('BR Code: bad txid');
  const name = plainText(input.merchantName, 25);
  const city = plainText(input.merchantCity, 15);
  if (!name || !city) throw new Error('BR Code: the merchant name and city are required');
  const key = input.key.trim();
  if (!key || key.length > 77) throw new Error('BR Code: bad PIX key');
  const payload = [
    field('00', '01'),
    ...(input.singleUse ? [field('01', '12')] : []),
    field('26', field('00', PIX_GUI) + field('01', key)),
    field('52', input.mcc ?? '0000'),
    field('53', BRL_NUMERIC),
    ...(input.amount !== undefined ? [field('54', brCodeAmount(input.amount))] : []),
    field('58', 'BR'),
    field('59', name),
    field('60', city),
    field('62', field('05', input.txid)),
    '6304',
  ].join('');
  return payload + crc16(payload);
}

/** Reads a BR Code's top-level fields (and checks its CRC); null when it is not one. */
export function parseBrCode(code: string): Map<string, string> | null {
  if (code.length < 8 || crc16(code.slice(0, -4)) !== code.slice(-4)) return null;
  const fields = new Map<string, string>();
  let at = 0;
  while (at < code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) return null;
    fields.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return at === code.length ? fields : null;
}
