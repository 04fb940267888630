import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, launchTokens, members } from '../../server/db/schema';
import { masterBox } from '../../server/lib/master-key';
import { SecretBox } from '../../server/lib/secret-box';
import { installationSecret } from '../../server/lib/secrets';
import { Ledger } from '../../server/modules/ledger/ledger';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { WalletRepository } from '../../server/modules/wallet/wallet.repository';
import { paths } from '../../src/api/paths';
import {
  body,
  connectVendor,
  createTestContext,
  databaseKinds,
  fund,
  launchTokenFor,
  type Member,
  newMember,
  type TestContext,
} from './harness';

/** The vendor's calls, sent below as raw signed bytes (the signature covers the exact body). */
const vendorPaths = {
  authenticate: paths.vendorAuthenticate.path,
  balance: paths.vendorBalance.path,
  bet: paths.vendorBet.path,
  win: paths.vendorWin.path,
  rollback: paths.vendorRollback.path,
};

type Answer = { playerId: string; currency: string; balance: number; transactionId?: string };

describe.each(databaseKinds)('game-vendor wallet API on %s', (kind) => {
  let ctx: TestContext;
  let secret: string;
  let token: string;
  let playerId: string;
  let member: Member;
  // An external demo vendor: the in-house codes cannot be connected (see the test below).
  const vendor = 'NOVA';

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    secret = await connectVendor(ctx, vendor);
    member = await newMember(ctx, { prefix: 'player' });
    await fund(ctx, member, 100_000);
    ({ token, playerId } = await launchTokenFor(ctx, member, vendor, 'aurora-crash'));
  });
  afterAll(() => ctx.close());

  /** A request as the vendor sends it: the raw JSON body signed with its secret. */
  const signed = async (
    path: keyof typeof vendorPaths,
    payload: object,
    options: { secret?: string; vendor?: string } = {},
  ) => {
    const raw = JSON.stringify(payload);
    const res = await ctx.app.inject({
      method: 'POST',
      url: vendorPaths[path],
      headers: {
        'content-type': 'application/json',
        'x-vendor-code': options.vendor ?? vendor,
        'x-signature': createHmac('sha256', options.secret ?? secret)
          .update(raw)
          .digest('hex'),
      },
      payload: raw,
    });
    return {
      status: res.statusCode,
      replay: res.headers['x-idempotent-replay'],
      raw: res.body,
      ...body<Answer>(res),
    };
  };

  it('trades the launch token for the player and balance, and reads the balance by player', async () => {
    const auth = await signed('authenticate', { token });
    expect(auth).toMatchObject({ status: 200, value: { playerId, currency: 'FUN', balance: 100_000 } });
    const balance = await signed('balance', { playerId });
    expect(balance.value.balance).toBe(100_000);
    expect((await signed('authenticate', { token: 'x'.repeat(43) })).code).toBe('TOKEN_INVALID');
    expect((await signed('balance', { playerId: '999999' })).code).toBe('PLAYER_NOT_FOUND');
  });

  it('refuses a bad signature, an unknown vendor, and a body altered after signing', async () => {
    expect(await signed('balance', { playerId }, { secret: 'wrong' })).toMatchObject({
      status: 401,
      code: 'BAD_SIGNATURE',
    });
    expect(await signed('balance', { playerId }, { vendor: 'NOPE' })).toMatchObject({
      status: 401,
      code: 'UNKNOWN_VENDOR',
    });
    const raw = JSON.stringify({ playerId });
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: vendorPaths.balance,
      headers: {
        'content-type': 'application/json',
        'x-vendor-code': vendor,
        'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      },
      payload: JSON.stringify({ playerId: `${playerId}0` }),
    });
    expect(body(tampered).code).toBe('BAD_SIGNATURE');
  });

  it('reads a signature only as 64 lowercase hex digits, and refuses a call without one', async () => {
    const raw = JSON.stringify({ playerId });
    const good = createHmac('sha256', secret).update(raw).digest('hex');
    const call = (signature: string | undefined) =>
      ctx.app.inject({
        method: 'POST',
        url: vendorPaths.balance,
        headers: {
          'content-type': 'application/json',
          'x-vendor-code': vendor,
          ...(signature === undefined ? {} : { 'x-signature': signature }),
        },
        payload: raw,
      });
    expect((await call(good)).statusCode).toBe(200);
    for (const bad of [
      `${good}zz`,
      `${good}0`,
      `${good} `,
      good.toUpperCase(),
      good.slice(0, 63),
      '',
      undefined,
    ]) {
      const res = await call(bad);
      expect({ status: res.statusCode, code: body(res).code }).toEqual({
        status: 401,
        code: 'BAD_SIGNATURE',
      });
    }
  });

  it('refuses the calls of an in-house code connected before the codes were refused', async () => {
    // As an installation may hold from before: a BGS connection with a secret someone knows.
    const db = ctx.handle.db;
    const box = new SecretBox(await installationSecret(db, masterBox(ctx.masterKey), 'sealed-secrets-key'));
    const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
    await new WalletRepository(db).saveIntegration({
      brandId: brand!.id,
      vendorCode: 'BGS',
      secretCipher: box.seal(secret),
      launchUrl: null,
      mode: 'seamless',
      currencies: [],
      opensIn: 'page',
    });
    for (const path of ['balance', 'win'] as const) {
      const refused = await signed(
        path,
        { playerId, transactionId: 'bgs-w', roundId: 'dice-1', amount: 1_000_000 },
        { vendor: 'BGS' },
      );
      expect(refused).toMatchObject({ status: 401, code: 'UNKNOWN_VENDOR' });
    }
    await expect(launchTokenFor(ctx, member, 'BGS')).rejects.toMatchObject({ code: 'VENDOR_NOT_FOUND' });
  });

  it('debits a bet, credits a win, and answers a replay with exactly the first answer', async () => {
    const bet = await signed('bet', { token, playerId, transactionId: 'b-1', roundId: 'r-1', amount: 2_500 });
    expect(bet).toMatchObject({ status: 200, value: { balance: 97_500 } });
    const again = await signed('bet', {
      token,
      playerId,
      transactionId: 'b-1',
      roundId: 'r-1',
      amount: 2_500,
    });
    expect(again.raw).toBe(bet.raw);
    expect(again.replay).toBe('true');
    expect(bet.replay).toBeUndefined();

    const win = await signed('win', { playerId, transactionId: 'w-1', roundId: 'r-1', amount: 6_000 });
    expect(win.value.balance).toBe(103_500);
    expect((await signed('win', { playerId, transactionId: 'w-1', roundId: 'r-1', amount: 6_000 })).raw).toBe(
      win.raw,
    );
    expect((await signed('balance', { playerId })).value.balance).toBe(103_500);
  });

  it('gives each bad amount, a duplicate with other terms and an unknown round its own code', async () => {
    const bet = (amount: unknown, transactionId = `b-${Math.random()}`) =>
      signed('bet', { token, playerId, transactionId, roundId: 'r-2', amount });
    expect(await bet(0)).toMatchObject({ status: 422, code: 'AMOUNT_ZERO' });
    expect(await bet(-5)).toMatchObject({ status: 422, code: 'AMOUNT_NEGATIVE' });
    expect(await bet(1.5)).toMatchObject({ status: 422, code: 'AMOUNT_NOT_INTEGER' });
    expect(await bet('10')).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    // Stakes and wins are JSON numbers, never numeric strings.
    expect(
      await signed('win', { playerId, transactionId: 'w-str', roundId: 'r-2', amount: '10' }),
    ).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    const over = await bet(10_000_000);
    expect(over).toMatchObject({ status: 409, code: 'INSUFFICIENT_FUNDS', value: { balance: 103_500 } });
    await bet(100, 'b-dup');
    expect(await bet(200, 'b-dup')).toMatchObject({ status: 409, code: 'IDEMPOTENCY_CONFLICT' });
    expect(
      await signed('win', { playerId, transactionId: 'w-x', roundId: 'no-such-round', amount: 10 }),
    ).toMatchObject({
      status: 404,
      code: 'ROUND_NOT_FOUND',
    });
  });

  it('refuses a bet or a win in another currency than the player wallet, moving nothing', async () => {
    const before = (await signed('balance', { playerId })).value.balance;
    const bet = await signed('bet', {
      token,
      playerId,
      transactionId: 'cur-b1',
      roundId: 'cur-r1',
      amount: 100,
      currency: 'BRL',
    });
    expect(bet.status).toBe(409);
    expect(bet.code).toBe('CURRENCY_MISMATCH');
    const same = await signed('bet', {
      token,
      playerId,
      transactionId: 'cur-b2',
      roundId: 'cur-r2',
      amount: 100,
      currency: 'FUN',
    });
    expect(same.value.balance).toBe(before - 100);
    const win = await signed('win', {
      playerId,
      transactionId: 'cur-w2',
      roundId: 'cur-r2',
      amount: 100,
      currency: 'USD',
    });
    expect(win.code).toBe('CURRENCY_MISMATCH');
    expect((await signed('balance', { playerId })).value.balance).toBe(before - 100);
    await signed('win', {
      playerId,
      transactionId: 'cur-w3',
      roundId: 'cur-r2',
      amount: 100,
      currency: 'FUN',
    });
  });

  it('pays no win on a cancelled round, rolls back no bet of a paid round, nor one of another round', async () => {
    await signed('bet', { token, playerId, transactionId: 'rr-b1', roundId: 'rr-1', amount: 100 });
    await signed('rollback', {
      playerId,
      transactionId: 'rr-rb1',
      betTransactionId: 'rr-b1',
      roundId: 'rr-1',
    });
    const late = await signed('win', { playerId, transactionId: 'rr-w1', roundId: 'rr-1', amount: 500 });
    expect(late.code).toBe('ROUND_CANCELLED');
    await signed('bet', { token, playerId, transactionId: 'rr-b2', roundId: 'rr-2', amount: 100 });
    await signed('win', { playerId, transactionId: 'rr-w2', roundId: 'rr-2', amount: 300 });
    const after = await signed('rollback', {
      playerId,
      transactionId: 'rr-rb2',
      betTransactionId: 'rr-b2',
      roundId: 'rr-2',
    });
    expect(after.code).toBe('ROUND_SETTLED');
    await signed('bet', { token, playerId, transactionId: 'rr-b3', roundId: 'rr-3', amount: 100 });
    const elsewhere = await signed('rollback', {
      playerId,
      transactionId: 'rr-rb3',
      betTransactionId: 'rr-b3',
      roundId: 'rr-2',
    });
    expect(elsewhere.code).toBe('ROUND_MISMATCH');
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('takes no second win and no new bet in a settled round, but answers a replay of what it took', async () => {
    await signed('bet', { token, playerId, transactionId: 'st-b1', roundId: 'st-1', amount: 1_000 });
    const win = await signed('win', { playerId, transactionId: 'st-w1', roundId: 'st-1', amount: 3_000 });
    expect(win.status).toBe(200);
    const settledAt = win.value.balance;

    const second = await signed('win', { playerId, transactionId: 'st-w2', roundId: 'st-1', amount: 3_000 });
    expect(second).toMatchObject({ status: 409, code: 'ROUND_SETTLED' });
    // A win of nothing takes the one-movement path (it never joins a batch): refused the same way.
    const nothing = await signed('win', { playerId, transactionId: 'st-w3', roundId: 'st-1', amount: 0 });
    expect(nothing).toMatchObject({ status: 409, code: 'ROUND_SETTLED' });
    const late = await signed('bet', {
      token,
      playerId,
      transactionId: 'st-b2',
      roundId: 'st-1',
      amount: 500,
    });
    expect(late).toMatchObject({ status: 409, code: 'ROUND_SETTLED' });

    const replayWin = await signed('win', {
      playerId,
      transactionId: 'st-w1',
      roundId: 'st-1',
      amount: 3_000,
    });
    expect(replayWin.raw).toBe(win.raw);
    expect(replayWin.replay).toBe('true');
    const replayBet = await signed('bet', {
      token,
      playerId,
      transactionId: 'st-b1',
      roundId: 'st-1',
      amount: 1_000,
    });
    expect(replayBet).toMatchObject({ status: 200, replay: 'true' });
    expect((await signed('balance', { playerId })).value.balance).toBe(settledAt);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('pays one of many different wins sent at once to one open round, batched or one by one', async () => {
    const db = ctx.handle.db;
    const [brand] = await db.select().from(brands).where(eq(brands.isDefault, true));
    // The one-movement functions (vendor_bet, vendor_win) as a batch that failed resends them, beside
    // the batching ledger the app uses (vendor_batch).
    const alone = new Ledger(db, { maxItems: 1, lanes: 1 });
    const batched = new Ledger(db);
    const side = { memberId: member.id, wallet: 'main' as const };
    const move = (ledger: Ledger, kind: 'bet' | 'win', key: string, roundId: string, amount: number) =>
      ledger
        .transferInRound(
          {
            brand: { id: brand!.id, currency: brand!.currency },
            key: `v:${vendor}:${kind}:${key}`,
            kind,
            ...(kind === 'bet'
              ? { from: side, to: { house: 'house' } }
              : { from: { house: 'house' }, to: side }),
            amount,
            meta: { vendor, round: roundId, member: member.id },
          } as Parameters<Ledger['transferInRound']>[0],
          { vendor, roundId, memberId: member.id },
        )
        .then(
          () => 'OK',
          (e: { code?: string }) => e.code ?? 'ERR',
        );
    for (const [n, ledgers] of [
      [1, [alone]],
      [2, [batched]],
      [3, [alone, batched]],
    ] as const) {
      const round = `race-${n}`;
      const before = (await signed('balance', { playerId })).value.balance;
      expect(await move(alone, 'bet', `${round}-b`, round, 100)).toBe('OK');
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          move(ledgers[i % ledgers.length]!, 'win', `${round}-w${i}`, round, 700),
        ),
      );
      expect(answers.filter((a) => a === 'OK')).toHaveLength(1);
      expect(answers.filter((a) => a !== 'OK')).toEqual(Array(7).fill('ROUND_SETTLED'));
      expect(await move(ledgers[0]!, 'bet', `${round}-b2`, round, 100)).toBe('ROUND_SETTLED');
      expect((await signed('balance', { playerId })).value.balance).toBe(before - 100 + 700);
    }
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('refunds a bet once, and refuses a bet whose rollback came first', async () => {
    const before = (await signed('balance', { playerId })).value.balance;
    await signed('bet', { token, playerId, transactionId: 'b-3', roundId: 'r-3', amount: 1_000 });
    const refund = await signed('rollback', {
      playerId,
      transactionId: 'rb-3',
      betTransactionId: 'b-3',
      roundId: 'r-3',
    });
    expect(refund.value.balance).toBe(before);
    const replay = await signed('rollback', {
      playerId,
      transactionId: 'rb-3',
      betTransactionId: 'b-3',
      roundId: 'r-3',
    });
    expect(replay.raw).toBe(refund.raw);
    expect(
      (
        await signed('rollback', {
          playerId,
          transactionId: 'rb-3b',
          betTransactionId: 'b-3',
          roundId: 'r-3',
        })
      ).code,
    ).toBe('ALREADY_REVERSED');

    const early = await signed('rollback', {
      playerId,
      transactionId: 'rb-4',
      betTransactionId: 'b-4',
      roundId: 'r-4',
    });
    expect(early).toMatchObject({ status: 200, value: { balance: before } });
    const late = await signed('bet', {
      token,
      playerId,
      transactionId: 'b-4',
      roundId: 'r-4',
      amount: 1_000,
    });
    expect(late).toMatchObject({ status: 409, code: 'TRANSACTION_VOIDED' });
    expect((await signed('balance', { playerId })).value.balance).toBe(before);
  });

  it('needs a live launch token to bet, but settles wins and rollbacks after it expired', async () => {
    await signed('bet', { token, playerId, transactionId: 'b-5', roundId: 'r-5', amount: 500 });
    await signed('bet', { token, playerId, transactionId: 'b-6', roundId: 'r-6', amount: 500 });
    await ctx.handle.db.update(launchTokens).set({ expiresAt: new Date(Date.now() - 1_000) });
    expect(
      (await signed('bet', { token, playerId, transactionId: 'b-7', roundId: 'r-5', amount: 500 })).code,
    ).toBe('TOKEN_EXPIRED');
    expect(
      (await signed('win', { playerId, transactionId: 'w-5', roundId: 'r-5', amount: 900 })).status,
    ).toBe(200);
    expect(
      (await signed('rollback', { playerId, transactionId: 'rb-6', betTransactionId: 'b-6', roundId: 'r-6' }))
        .status,
    ).toBe(200);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('refuses new bets of a disabled account but still settles its rounds', async () => {
    const fresh = (await launchTokenFor(ctx, member, vendor)).token;
    await signed('bet', { token: fresh, playerId, transactionId: 'b-open', roundId: 'r-open', amount: 100 });
    // An operator disables the account (no call of the contract does).
    await ctx.handle.db.update(members).set({ status: 'disabled' }).where(eq(members.id, member.id));
    try {
      expect(
        (
          await signed('bet', {
            token: fresh,
            playerId,
            transactionId: 'b-disabled',
            roundId: 'r-9',
            amount: 100,
          })
        ).code,
      ).toBe('ACCOUNT_DISABLED');
      expect(
        (await signed('win', { playerId, transactionId: 'w-disabled', roundId: 'r-open', amount: 100 }))
          .status,
      ).toBe(200);
    } finally {
      await ctx.handle.db.update(members).set({ status: 'active' }).where(eq(members.id, member.id));
    }
  });
});
