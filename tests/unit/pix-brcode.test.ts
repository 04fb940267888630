import { describe, expect, it } from 'vitest';
import {
  brCodeAmount,
  buildBrCode,
  crc16,
  field,
  parseBrCode,
  plainText,
  TXID_PATTERN,
} from '../../server/modules/payments/pix-brcode';

describe('PIX BR Code (copia e cola)', () => {
  it('CRC16-CCITT (0x1021, init 0xFFFF): the check value and the Banco Central manual example', () => {
    // The algorithm's published check value (CRC-16/CCITT-FALSE of "123456789").
    expect(crc16('123456789')).toBe('29B1');
    // The static example of the BCB's "Manual de Padrões para Iniciação do Pix", ending 63041D3D.
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
      '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(example)).toBe('1D3D');
    // Four upper-case hex digits, zero-padded.
    expect(crc16('')).toBe('FFFF');
  });

  it('builds the manual example field by field', () => {
    const code = buildBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
    });
    // The manual keeps the name's case; ours is upper case, so only the shape and CRC are compared.
    expect(code).toMatch(/^000201265800[0-9]{2}br\.gov\.bcb\.pix0136123e4567-e12b-12d1-a456-426655440000/);
    expect(code).toContain('52040000' + '5303986' + '5802BR' + '5913FULANO DE TAL' + '6008BRASILIA');
    expect(code.endsWith(`6304${crc16(code.slice(0, -4))}`)).toBe(true);
  });

  it('writes every field as id, 2-digit length, value', () => {
    expect(field('05', 'DABC')).toBe('0504DABC');
    expect(field('26', 'x'.repeat(99))).toHaveLength(103);
    expect(() => field('26', 'x'.repeat(100))).toThrow();
    const code = buildBrCode({
      key: 'pagamentos@aurora.example',
      amount: 12_345,
      merchantName: 'Aurora Bet Entretenimento Ltda',
      merchantCity: 'São Paulo',
      txid: 'D7K2M9PQRS',
      singleUse: true,
    });
    const fields = parseBrCode(code)!;
    expect([...fields.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('01')).toBe('12');
    expect(fields.get('26')).toBe('0014br.gov.bcb.pix0125pagamentos@aurora.example');
    expect(fields.get('54')).toBe('123.45');
    // Cut to the spec's 25 and 15 characters, accents off.
    expect(fields.get('59')).toBe('AURORA BET ENTRETENIMENTO');
    expect(fields.get('60')).toBe('SAO PAULO');
    expect(fields.get('62')).toBe('0510D7K2M9PQRS');
    // One character changed breaks the CRC.
    expect(parseBrCode(code.replace('123.45', '123.46'))).toBeNull();
  });

  it('formats amounts with a dot and two decimals, no thousands separator', () => {
    expect(brCodeAmount(12_345)).toBe('123.45');
    expect(brCodeAmount(1)).toBe('0.01');
    expect(brCodeAmount(100)).toBe('1.00');
    expect(brCodeAmount(123_456_789)).toBe('1234567.89');
    expect(() => brCodeAmount(0)).toThrow();
    expect(() => brCodeAmount(-5)).toThrow();
    expect(() => brCodeAmount(1.5)).toThrow();
  });

  it('takes txids of 1 to 25 letters and digits only', () => {
    expect(TXID_PATTERN.test('D7K2M9PQRS')).toBe(true);
    expect(TXID_PATTERN.test('A'.repeat(25))).toBe(true);
    for (const bad of ['', 'A'.repeat(26), 'D-123', 'D 123', 'DÁ12', 'D_1']) {
      expect(TXID_PATTERN.test(bad)).toBe(false);
      expect(() => buildBrCode({ key: 'k@x.io', merchantName: 'A', merchantCity: 'B', txid: bad })).toThrow();
    }
  });

  it('keeps names to what banks read: no accents, upper case, no control characters', () => {
    expect(plainText('  Açaí  & Cia\n', 25)).toBe('ACAI & CIA');
    expect(plainText('José<script>', 25)).toBe('JOSESCRIPT');
    expect(() => buildBrCode({ key: 'k@x.io', merchantName: '***', merchantCity: 'B', txid: 'A' })).toThrow();
  });
});
