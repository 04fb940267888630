import { describe, expect, it } from 'vitest';
import { parseBrCode } from '../../server/modules/payments/pix-brcode';
import { SimulatedPixGateway, simSignature } from '../../server/modules/payments/sim-pix-gateway';

const method = {
  code: 'pix-qr',
  details: {
    pixKeyType: 'email',
    pixKey: 'pagamentos@aurora.example',
    merchantName: 'AURORA BET DEMO',
    merchantCity: 'SAO PAULO',
  },
  secret: 'the-method-secret',
};
const signed = (raw: string, secret = method.secret) => ({
  raw,
  headers: { 'x-signature': simSignature(secret, raw) },
});

describe('the simulated PIX provider (PixGateway)', () => {
  const gateway = new SimulatedPixGateway(() => Date.UTC(2026, 0, 1, 12));

  it('charges with a one-payment BR Code for the key, the amount and the reference as txid, for 30 minutes', async () => {
    const charge = await gateway.createCharge(method, {
      reference: 'DABC23456',
      amount: 5_000,
      currency: 'BRL',
    });
    const fields = parseBrCode(charge.brCode)!;
    expect(fields.get('01')).toBe('12');
    expect(fields.get('26')).toBe('0014br.gov.bcb.pix0125pagamentos@aurora.example');
    expect(fields.get('54')).toBe('50.00');
    expect(fields.get('62')).toBe('0509DABC23456');
    expect(charge).toMatchObject({ txid: 'DABC23456', providerReference: null });
    expect(charge.expiresAt?.toISOString()).toBe('2026-01-01T12:30:00.000Z');
  });

  it('reads a payment notification only when signed with the method secret', async () => {
    const raw = JSON.stringify({
      reference: 'DABC23456',
      gatewayReference: 'E1',
      status: 'paid',
      amount: 5_000,
    });
    await expect(gateway.parseChargeNotification(method, signed(raw))).resolves.toEqual({
      reference: 'DABC23456',
      providerReference: 'E1',
      amount: 5_000,
      status: 'paid',
    });
    for (const note of [
      signed(raw, 'another-secret'),
      { raw, headers: {} },
      signed('not json'),
      signed(JSON.stringify({ reference: 'DABC23456', status: 'paid' })),
    ]) {
      await expect(gateway.parseChargeNotification(method, note)).rejects.toMatchObject({
        code: 'BAD_SIGNATURE',
      });
    }
    // No secret stored: nothing verifies.
    await expect(
      gateway.parseChargeNotification({ ...method, secret: null }, signed(raw, '')),
    ).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
  });

  it('pays out at once and reads a payout notification the same way', async () => {
    const payout = await gateway.createPayout(method, {
      reference: 'W123',
      amount: 10_000,
      keyType: 'email',
      key: 'member@example.com',
      holderName: 'Demo Member',
    });
    expect(payout).toMatchObject({
      status: 'paid',
      providerReference: expect.stringMatching(/^SIMPIX-W123-/),
    });
    const raw = JSON.stringify({
      reference: 'W123',
      providerReference: payout.providerReference,
      status: 'failed',
      reason: 'key closed',
    });
    await expect(gateway.parsePayoutNotification(method, signed(raw))).resolves.toEqual({
      reference: 'W123',
      providerReference: payout.providerReference,
      status: 'failed',
      reason: 'key closed',
    });
    await expect(gateway.parsePayoutNotification(method, signed(raw, 'x'))).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
  });
});
