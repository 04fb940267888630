import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { parseBrCode } from '../../server/modules/payments/pix-brcode';
import type { EndpointName } from '../../src/api/endpoints';
import { paths } from '../../src/api/paths';
import {
  callEndpoint,
  createTestContext,
  databaseKinds,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

type Operator = Awaited<ReturnType<typeof newOperator>>;

const REASON = 'Payment methods test';
const SECRET = 'provider-webhook-secret-0123456789';

/** A PIX method as the back office adds it: the brand's own key, an operator confirms. */
const PIX_METHOD = {
  code: 'pix-own',
  kind: 'pix',
  name: { pt: 'PIX próprio', en: 'Own PIX' },
  minAmount: 2_000,
  maxAmount: 300_000,
  details: {
    pixKeyType: 'cpf',
    pixKey: '529.982.247-25',
    merchantName: 'Aurora Bet Ltda',
    merchantCity: 'Rio de Janeiro',
  },
  provider: null,
};

describe.each(databaseKinds)('payment methods in the back office on %s', (kind) => {
  let ctx: TestContext;
  let admin: Operator;
  let support: Operator;
  let content: Operator;
  let member: string;

  const list = async (op: Operator = admin) =>
    (await ctx.call('adminPaymentMethods', { token: op.token })).value;
  const change = <N extends EndpointName>(name: N, body: Record<string, unknown>, op: Operator = admin) =>
    ctx.call(name, { token: op.token, language: 'en', body: { reason: REASON, ...body } as never });
  const memberMethods = async () =>
    (await ctx.call('depositMethods', { token: member, language: 'en' })).value.map((m) => m.code);
  const audits = async (action: string) => {
    const result = await ctx.handle.db.execute(sql`
      SELECT operator_id AS "operatorId", target, detail FROM audit_log WHERE action = ${action} ORDER BY id`);
    return (
      result as unknown as {
        rows: Array<{ operatorId: number; target: string; detail: Record<string, unknown> }>;
      }
    ).rows;
  };
  const idOf = async (code: string) => (await list()).methods.find((m) => m.code === code)!.id;
  let requests = 0;
  const deposit = (method: string, amount: number) =>
    ctx.call('createDeposit', {
      token: member,
      language: 'en',
      body: { method, amount, requestId: `pm-admin-${kind}-${++requests}` } as never,
    });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await newOperator(ctx, 'admin');
    support = await newOperator(ctx, 'support');
    content = await newOperator(ctx, 'content');
    member = (await newMember(ctx, { prefix: 'pmadm' })).token;
  });
  afterAll(() => ctx?.close());

  it('lists every method in order with what members see; support reads, content sees nothing', async () => {
    const read = await list(support);
    expect(read.methods.map((m) => [m.code, m.kind, m.active, m.offered])).toEqual([
      ['sim-gateway', 'gateway', true, true],
      ['pix-qr', 'pix', true, true],
      ['pix', 'bank_transfer', true, true],
    ]);
    expect(read.providers).toEqual(['sim']);
    expect(read.currency).toBe('FUN');
    // The secret never leaves the server: only that one is set.
    expect(read.methods[1]).toMatchObject({ provider: 'sim', secretSet: true });
    expect(JSON.stringify(read)).not.toMatch(/secret_?cipher|mk1\./i);
    expect((await ctx.call('adminPaymentMethods', { token: content.token })).code).toBe('ROLE_FORBIDDEN');
    expect((await ctx.call('adminPaymentMethods')).status).toBe(401);
  });

  it('support and content change nothing (ROLE_FORBIDDEN)', async () => {
    const id = await idOf('pix');
    const changes: Array<[EndpointName, Record<string, unknown>]> = [
      ['addPaymentMethod', PIX_METHOD],
      ['savePaymentMethod', { ...PIX_METHOD, id, code: undefined, kind: undefined }],
      ['switchPaymentMethod', { id, active: false }],
      ['orderPaymentMethods', { ids: [id] }],
    ];
    const before = await list();
    for (const op of [support, content]) {
      for (const [name, body] of changes) {
        const res = await change(name, body, op);
        expect([op.role, name, res.status, res.code]).toEqual([op.role, name, 403, 'ROLE_FORBIDDEN']);
      }
    }
    expect(await list()).toEqual(before);
  });

  it('adds a PIX method with its audit row; the member deposits by its copia-e-cola code', async () => {
    const added = await change('addPaymentMethod', PIX_METHOD);
    expect(added.status, added.message).toBe(200);
    const method = added.value.methods.at(-1)!;
    expect(method).toMatchObject({
      code: 'pix-own',
      kind: 'pix',
      active: true,
      offered: true,
      secretSet: false,
      // Kept as the DICT stores the key, and as banks read the name and city.
      details: {
        pixKeyType: 'cpf',
        pixKey: '52998224725',
        merchantName: 'AURORA BET LTDA',
        merchantCity: 'RIO DE JANEIRO',
      },
    });
    const [row] = await audits('payment_method_add');
    expect(row).toMatchObject({
      operatorId: admin.id,
      target: 'pix-own',
      detail: {
        reason: REASON,
        before: null,
        after: { code: 'pix-own', minAmount: 2_000, secretSet: false },
      },
    });
    // A retry of the same addition (its answer lost) adds and records nothing.
    expect((await change('addPaymentMethod', PIX_METHOD)).status).toBe(200);
    expect(await audits('payment_method_add')).toHaveLength(1);
    expect((await change('addPaymentMethod', { ...PIX_METHOD, minAmount: 3_000 })).code).toBe(
      'PAYMENT_METHOD_CODE_TAKEN',
    );

    expect(await memberMethods()).toEqual(['sim-gateway', 'pix-qr', 'pix', 'pix-own']);
    const created = await deposit('pix-own', 5_000);
    expect(created.value).toMatchObject({ kind: 'pix', status: 'pending', payUrl: null });
    const fields = parseBrCode(created.value.pix!.brCode)!;
    expect(fields.get('26')).toBe('0014br.gov.bcb.pix011152998224725');
    expect(fields.get('54')).toBe('50.00');
    expect(fields.get('59')).toBe('AURORA BET LTDA');
    expect(created.value.pix!.expiresAt).toBeNull();
    // No provider: the provider route has nothing to verify it with.
    const note = JSON.stringify({
      reference: created.value.reference,
      gatewayReference: 'E1',
      status: 'paid',
      amount: 5_000,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${paths.gatewayNotify.path}?method=pix-own`,
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', '').update(note).digest('hex'),
      },
      payload: note,
    });
    expect(res.json()).toMatchObject({ code: 'PAYMENT_METHOD_NOT_FOUND' });
    // Limits apply at once.
    expect((await deposit('pix-own', 1_999)).code).toBe('AMOUNT_BELOW_MIN');
    expect((await deposit('pix-own', 300_001)).code).toBe('AMOUNT_ABOVE_MAX');
  });

  it('edits names and limits with before and after; the secret is write-only and never audited', async () => {
    const id = await idOf('pix-own');
    const saved = await change('savePaymentMethod', {
      ...PIX_METHOD,
      code: undefined,
      kind: undefined,
      id,
      minAmount: 1_000,
      name: { pt: 'PIX da casa', en: 'House PIX' },
    });
    expect(saved.status, saved.message).toBe(200);
    const [row] = await audits('payment_method_save');
    expect(row!.detail).toMatchObject({
      reason: REASON,
      before: { minAmount: 2_000, name: { pt: 'PIX próprio', en: 'Own PIX' } },
      after: { minAmount: 1_000, name: { pt: 'PIX da casa', en: 'House PIX' } },
    });
    expect(Object.keys(row!.detail.before as object).sort()).toEqual(['minAmount', 'name']);
    expect((await deposit('pix-own', 1_000)).status).toBe(200);
    const names = (await ctx.call('depositMethods', { token: member, language: 'pt' })).value;
    expect(names.find((m) => m.code === 'pix-own')!.name).toBe('PIX da casa');

    // The same save again records nothing.
    await change('savePaymentMethod', {
      ...PIX_METHOD,
      code: undefined,
      kind: undefined,
      id,
      minAmount: 1_000,
      name: { pt: 'PIX da casa', en: 'House PIX' },
    });
    expect(await audits('payment_method_save')).toHaveLength(1);

    // The simulated provider with a new secret: set, audited as changed, never written out.
    const withProvider = await change('savePaymentMethod', {
      ...PIX_METHOD,
      code: undefined,
      kind: undefined,
      id,
      minAmount: 1_000,
      name: { pt: 'PIX da casa', en: 'House PIX' },
      provider: 'sim',
      secret: SECRET,
    });
    expect(withProvider.status, withProvider.message).toBe(200);
    expect(withProvider.value.methods.find((m) => m.id === id)).toMatchObject({
      provider: 'sim',
      secretSet: true,
    });
    const rows = await audits('payment_method_save');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.detail).toMatchObject({
      before: { provider: null, secretSet: false },
      after: { provider: 'sim', secretSet: true },
      secretChanged: true,
    });
    const everything = JSON.stringify(await ctx.handle.db.execute(sql`SELECT detail FROM audit_log`));
    expect(everything).not.toContain(SECRET);
    const stored = await ctx.handle.db.execute(
      sql`SELECT secret_cipher FROM payment_methods WHERE id = ${id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(SECRET);

    // The provider now signs for it: a notification under the secret credits the deposit.
    const created = await deposit('pix-own', 4_000);
    expect(created.value.pix!.expiresAt).toBeGreaterThan(Date.now());
    const note = JSON.stringify({
      reference: created.value.reference,
      gatewayReference: 'E2E-1',
      status: 'paid',
      amount: 4_000,
    });
    const notify = (signature: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${paths.gatewayNotify.path}?method=pix-own`,
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        payload: note,
      });
    expect((await notify(createHmac('sha256', 'wrong').update(note).digest('hex'))).json()).toMatchObject({
      code: 'BAD_SIGNATURE',
    });
    expect((await notify(createHmac('sha256', SECRET).update(note).digest('hex'))).json()).toMatchObject({
      value: { status: 'credited' },
    });
  });

  it('refuses bad methods with stable codes in both languages', async () => {
    const id = await idOf('pix-own');
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...PIX_METHOD, code: 'Bad Code!' }, 'PAYMENT_METHOD_CODE_INVALID'],
      [{ ...PIX_METHOD, code: 'x' }, 'PAYMENT_METHOD_CODE_INVALID'],
      [{ ...PIX_METHOD, code: 'pix' }, 'PAYMENT_METHOD_CODE_TAKEN'],
      [{ ...PIX_METHOD, code: 'n1', name: { pt: ' ', en: '' } }, 'PAYMENT_METHOD_NAME_REQUIRED'],
      [{ ...PIX_METHOD, code: 'n2', minAmount: 0 }, 'PAYMENT_METHOD_LIMITS'],
      [{ ...PIX_METHOD, code: 'n3', minAmount: 5_000, maxAmount: 4_999 }, 'PAYMENT_METHOD_LIMITS'],
      [
        { ...PIX_METHOD, code: 'n4', details: { ...PIX_METHOD.details, pixKey: '111.111.111-11' } },
        'PIX_KEY_INVALID',
      ],
      [
        { ...PIX_METHOD, code: 'n5', details: { ...PIX_METHOD.details, pixKeyType: 'iban' } },
        'PIX_KEY_INVALID',
      ],
      [
        { ...PIX_METHOD, code: 'n6', details: { ...PIX_METHOD.details, merchantCity: '' } },
        'PAYMENT_METHOD_PIX_DETAILS',
      ],
      [{ ...PIX_METHOD, code: 'n7', provider: 'acme-pay', secret: SECRET }, 'PAYMENT_PROVIDER_UNAVAILABLE'],
      [
        { ...PIX_METHOD, code: 'n8', kind: 'bank_transfer', provider: 'sim', secret: SECRET },
        'PAYMENT_PROVIDER_UNAVAILABLE',
      ],
      [{ ...PIX_METHOD, code: 'n9', provider: 'sim' }, 'PAYMENT_METHOD_SECRET_REQUIRED'],
    ];
    for (const [body, code] of bad) {
      const en = await change('addPaymentMethod', body);
      expect([body.code, en.code]).toEqual([body.code, code]);
      expect(en.status).toBeLessThan(500);
      const pt = await ctx.call('addPaymentMethod', {
        token: admin.token,
        language: 'pt',
        body: { reason: REASON, ...body } as never,
      });
      expect(pt.message).not.toBe(en.message);
      expect(pt.message).not.toMatch(/^errors\./);
    }
    // The contract's bounds: a secret too short, a negative limit, no reason.
    expect((await change('addPaymentMethod', { ...PIX_METHOD, code: 'n10', secret: 'short' })).status).toBe(
      422,
    );
    expect((await change('addPaymentMethod', { ...PIX_METHOD, code: 'n11', maxAmount: -1 })).status).toBe(
      422,
    );
    const noReason = await ctx.call('switchPaymentMethod', {
      token: admin.token,
      body: { id, active: false } as never,
    });
    expect(noReason.status).toBe(422);
    expect((await change('switchPaymentMethod', { id: 999_999, active: false })).code).toBe(
      'PAYMENT_METHOD_NOT_FOUND',
    );
    expect((await change('savePaymentMethod', { ...PIX_METHOD, id: 999_999 })).code).toBe(
      'PAYMENT_METHOD_NOT_FOUND',
    );
    expect((await list()).methods.map((m) => m.code)).toEqual(['sim-gateway', 'pix-qr', 'pix', 'pix-own']);
  });

  it('switches a method off and on: members lose it at once, deposits by it are refused, all audited', async () => {
    const id = await idOf('pix');
    const off = await change('switchPaymentMethod', { id, active: false });
    expect(off.value.methods.find((m) => m.id === id)).toMatchObject({ active: false, offered: false });
    expect(await memberMethods()).not.toContain('pix');
    expect((await deposit('pix', 5_000)).code).toBe('PAYMENT_METHOD_NOT_FOUND');
    expect((await audits('payment_method_off'))[0]).toMatchObject({
      target: 'pix',
      detail: { before: { active: true }, after: { active: false } },
    });
    // Again: nothing more is recorded.
    await change('switchPaymentMethod', { id, active: false });
    expect(await audits('payment_method_off')).toHaveLength(1);
    await change('switchPaymentMethod', { id, active: true });
    expect(await memberMethods()).toContain('pix');
    expect(await audits('payment_method_on')).toHaveLength(1);
  });

  it('reorders: the deposit page follows; an order missing or repeating a method is refused', async () => {
    const methods = (await list()).methods;
    const ids = methods.map((m) => m.id);
    const reversed = [...ids].reverse();
    const res = await change('orderPaymentMethods', { ids: reversed });
    expect(res.value.methods.map((m) => m.id)).toEqual(reversed);
    expect(await memberMethods()).toEqual(['pix-own', 'pix', 'pix-qr', 'sim-gateway']);
    expect((await audits('payment_method_order'))[0]!.detail).toMatchObject({
      before: { order: ['sim-gateway', 'pix-qr', 'pix', 'pix-own'] },
      after: { order: ['pix-own', 'pix', 'pix-qr', 'sim-gateway'] },
    });
    for (const bad of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 999_999]]) {
      expect((await change('orderPaymentMethods', { ids: bad })).code).toBe('PAYMENT_METHOD_ORDER');
    }
    await change('orderPaymentMethods', { ids });
    expect(await memberMethods()).toEqual(['sim-gateway', 'pix-qr', 'pix', 'pix-own']);
  });

  it('on a production server the simulated methods are not offered, not payable and not choosable', async () => {
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        STATIC_DIR: '/nonexistent',
        BRAND_CACHE_MS: '0',
        HUMAN_CHECK_COST: '1',
        ENCRYPTED_BODIES: 'optional',
        SITE_MODE: 'production',
        OPERATOR_TWO_FACTOR: 'optional',
        MASTER_KEY: ctx.masterKey.toString('base64'),
      }),
      db: ctx.handle.db,
      masterKey: ctx.masterKey,
    });
    await app.ready();
    try {
      // A PIX deposit of the simulated provider made while in demo mode.
      const waiting = await deposit('pix-qr', 2_500);
      const prod = <N extends EndpointName>(name: N, options: Parameters<typeof callEndpoint<N>>[2]) =>
        callEndpoint(app, name, options);
      const methods = await prod('depositMethods', { token: member });
      expect(methods.value.map((m) => m.code)).toEqual(['pix']);
      const res = await prod('createDeposit', {
        token: member,
        body: { method: 'pix-qr', amount: 5_000, requestId: `prod-pix-${kind}` } as never,
      });
      expect(res.code).toBe('PAYMENT_METHOD_NOT_FOUND');
      // Its "bank app" page is not there, and a notification signed with its real secret is refused.
      expect((await app.inject({ url: waiting.value.payUrl! })).statusCode).toBe(404);
      expect(
        (await prod('deposit', { token: member, query: { reference: waiting.value.reference } })).value
          .payUrl,
      ).toBeNull();
      const [secretRow] = (
        (await ctx.handle.db.execute(
          sql`SELECT secret_cipher AS c FROM payment_methods WHERE code = 'pix-qr'`,
        )) as unknown as {
          rows: Array<{ c: string }>;
        }
      ).rows;
      expect(secretRow!.c).toBeTruthy();
      const note = JSON.stringify({
        reference: waiting.value.reference,
        gatewayReference: 'X',
        status: 'paid',
        amount: 2_500,
      });
      const notify = await app.inject({
        method: 'POST',
        url: `${paths.gatewayNotify.path}?method=pix-qr`,
        headers: { 'content-type': 'application/json', 'x-signature': 'ab'.repeat(32) },
        payload: note,
      });
      expect(notify.json()).toMatchObject({ code: 'PAYMENT_METHOD_NOT_FOUND' });
      // The operator sees why: on but not offered here, and no provider to choose.
      const read = await prod('adminPaymentMethods', { token: admin.token });
      expect(read.value.providers).toEqual([]);
      expect(read.value.methods.find((m) => m.code === 'pix-qr')).toMatchObject({
        active: true,
        offered: false,
      });
      expect(read.value.methods.find((m) => m.code === 'sim-gateway')).toMatchObject({ offered: false });
      const id = read.value.methods.find((m) => m.code === 'pix-own')!.id;
      const choose = await prod('savePaymentMethod', {
        token: admin.token,
        body: { ...PIX_METHOD, id, provider: 'sim', reason: REASON } as never,
      });
      expect(choose.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      await app.close();
    }
  });
});
