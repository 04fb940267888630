import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, members } from '../../server/db/schema';
import { Ledger } from '../../server/modules/ledger/ledger';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import { createTestContext, databaseKinds, type TestContext } from './harness';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'OK',
    (e: { code?: string; message?: string }) => e.code ?? e.message,
  );

describe.each(databaseKinds)('ledger on %s', (kind) => {
  let ctx: TestContext;
  let ledger: Ledger;
  let brandId: number;
  let memberIds: number[];
  let clearing: number;
  let house: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    ledger = new Ledger(ctx.handle.db);
    const [brand] = await ctx.handle.db.select().from(brands);
    brandId = brand!.id;
    memberIds = (await ctx.handle.db.select({ id: members.id }).from(members)).map((m) => m.id);
    clearing = await ledger.houseAccount(brandId, 'clearing', 'BRL');
    house = await ledger.houseAccount(brandId, 'house', 'BRL');
  });
  afterAll(() => ctx.close());

  const wallet = (i: number) => ledger.memberAccount(brandId, memberIds[i]!, 'main', 'BRL');
  const fund = async (account: number, amount: number, key: string) =>
    ledger.post({
      brandId,
      key,
      kind: 'deposit',
      postings: [
        { accountId: clearing, amount: -amount },
        { accountId: account, amount },
      ],
    });
  const bet = (account: number, amount: number, key: string) =>
    ledger.post({
      brandId,
      key,
      kind: 'bet',
      postings: [
        { accountId: account, amount: -amount },
        { accountId: house, amount },
      ],
    });

  it('moves money once per key, answers replays as the first time, and never below zero', async () => {
    const main = await wallet(0);
    const deposit = await fund(main, 10_000, 'basic:deposit');
    expect(deposit).toMatchObject({ replayed: false, balances: { [main]: 10_000 } });
    const first = await bet(main, 2_500, 'basic:bet:1');
    expect(first.balances[main]).toBe(7_500);
    const again = await bet(main, 2_500, 'basic:bet:1');
    expect(again).toEqual({ ...first, replayed: true, result: {} });
    expect(await ledger.balance(main)).toBe(7_500);

    // The same key asking for another amount is not a replay.
    expect(await codeOf(bet(main, 2_600, 'basic:bet:1'))).toBe('IDEMPOTENCY_CONFLICT');
    // Over the balance: refused, and nothing is written, not even the key.
    expect(await codeOf(bet(main, 7_501, 'basic:bet:2'))).toBe('INSUFFICIENT_FUNDS');
    expect((await bet(main, 7_500, 'basic:bet:2')).balances[main]).toBe(0);
    expect(await ledger.balance(house)).toBe(10_000);
    expect(await ledger.balance(clearing)).toBe(-10_000);

    expect(
      await codeOf(
        ledger.post({ brandId, key: 'basic:bad', kind: 'bet', postings: [{ accountId: main, amount: 1.5 }] }),
      ),
    ).toBe('INVALID_AMOUNT');
    expect(
      await codeOf(
        ledger.post({
          brandId,
          key: 'basic:unbalanced',
          kind: 'bet',
          postings: [
            { accountId: main, amount: 1 },
            { accountId: house, amount: 1 },
          ],
        }),
      ),
    ).toMatch(/do not sum to zero/);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('gives a movement back once, and refuses an original that arrives after its reversal', async () => {
    const main = await wallet(1);
    await fund(main, 1_000, 'rev:deposit');
    await bet(main, 400, 'rev:bet:1');
    const back = await ledger.reverse({ brandId, targetKey: 'rev:bet:1', key: 'rev:rollback:1' });
    expect(back).toMatchObject({ replayed: false, balances: { [main]: 1_000 } });
    expect(typeof back.original).toBe('number');
    const replay = await ledger.reverse({ brandId, targetKey: 'rev:bet:1', key: 'rev:rollback:1' });
    expect(replay).toMatchObject({ replayed: true, balances: { [main]: 1_000 } });
    expect(await codeOf(ledger.reverse({ brandId, targetKey: 'rev:bet:1', key: 'rev:rollback:other' }))).toBe(
      'ALREADY_REVERSED',
    );

    const early = await ledger.reverse({ brandId, targetKey: 'rev:bet:2', key: 'rev:rollback:2' });
    expect(early).toMatchObject({ original: 'missing', balances: {} });
    expect(await codeOf(bet(main, 300, 'rev:bet:2'))).toBe('TRANSACTION_VOIDED');
    expect(await ledger.balance(main)).toBe(1_000);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('agrees with a simple model over random sequences of movements (fast-check)', async () => {
    type Model = {
      balances: number[];
      applied: Map<string, { wallet: number; amount: number; kind: string }>;
      voided: Set<string>;
      reversed: Set<string>;
    };
    type Real = { accounts: number[] };
    let run = 0;
    const prefix = () => `model:${run}:`;
    class Deposit implements fc.AsyncCommand<Model, Real> {
      constructor(
        readonly w: number,
        readonly amount: number,
        readonly n: number,
      ) {}
      check = () => true;
      async run(m: Model, r: Real) {
        const key = `${prefix()}dep:${this.n}`;
        const known = m.applied.get(key);
        const out = await codeOf(fund(r.accounts[this.w]!, this.amount, key));
        if (known && (known.wallet !== this.w || known.amount !== this.amount)) {
          expect(out).toBe('IDEMPOTENCY_CONFLICT');
          return;
        }
        expect(out).toBe('OK');
        if (!known) {
          m.applied.set(key, { wallet: this.w, amount: this.amount, kind: 'deposit' });
          m.balances[this.w]! += this.amount;
        }
      }
      toString = () => `deposit(${this.w}, ${this.amount}, #${this.n})`;
    }
    class Bet implements fc.AsyncCommand<Model, Real> {
      constructor(
        readonly w: number,
        readonly amount: number,
        readonly n: number,
      ) {}
      check = () => true;
      async run(m: Model, r: Real) {
        const key = `${prefix()}bet:${this.n}`;
        const known = m.applied.get(key);
        const out = await codeOf(bet(r.accounts[this.w]!, this.amount, key));
        if (m.voided.has(key)) return void expect(out).toBe('TRANSACTION_VOIDED');
        if (known) {
          return void expect(out).toBe(
            known.wallet === this.w && known.amount === this.amount ? 'OK' : 'IDEMPOTENCY_CONFLICT',
          );
        }
        if (m.balances[this.w]! < this.amount) return void expect(out).toBe('INSUFFICIENT_FUNDS');
        expect(out).toBe('OK');
        m.applied.set(key, { wallet: this.w, amount: this.amount, kind: 'bet' });
        m.balances[this.w]! -= this.amount;
      }
      toString = () => `bet(${this.w}, ${this.amount}, #${this.n})`;
    }
    class Rollback implements fc.AsyncCommand<Model, Real> {
      constructor(
        readonly n: number,
        readonly via: number,
      ) {}
      check = () => true;
      async run(m: Model) {
        const target = `${prefix()}bet:${this.n}`;
        const key = `${prefix()}rb:${this.n}:${this.via}`;
        const out = await codeOf(ledger.reverse({ brandId, targetKey: target, key }));
        if (m.reversed.has(key)) return void expect(out).toBe('OK');
        const original = m.applied.get(target);
        if (original && [...m.reversed].some((k) => k.startsWith(`${prefix()}rb:${this.n}:`))) {
          return void expect(out).toBe('ALREADY_REVERSED');
        }
        expect(out).toBe('OK');
        m.reversed.add(key);
        if (original) m.balances[original.wallet]! += original.amount;
        else m.voided.add(target);
      }
      toString = () => `rollback(#${this.n} via ${this.via})`;
    }
    const wallets = 3;
    const commands = [
      fc
        .tuple(fc.nat(wallets - 1), fc.integer({ min: 1, max: 5_000 }), fc.nat(6))
        .map(([w, a, n]) => new Deposit(w, a, n)),
      fc
        .tuple(fc.nat(wallets - 1), fc.integer({ min: 1, max: 4_000 }), fc.nat(8))
        .map(([w, a, n]) => new Bet(w, a, n)),
      fc.tuple(fc.nat(8), fc.nat(1)).map(([n, via]) => new Rollback(n, via)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        run++;
        const accounts = await Promise.all(
          Array.from({ length: wallets }, (_, i) =>
            ledger.memberAccount(brandId, memberIds[i % memberIds.length]!, `vendor:MODEL${run}`, 'BRL'),
          ),
        );
        // Several wallets of one member would share a row: use distinct members, distinct wallet kinds.
        const model: Model = {
          balances: Array(wallets).fill(0),
          applied: new Map(),
          voided: new Set(),
          reversed: new Set(),
        };
        await fc.asyncModelRun(() => ({ model, real: { accounts } }), cmds);
        for (let i = 0; i < wallets; i++) expect(await ledger.balance(accounts[i]!)).toBe(model.balances[i]);
      }),
      { numRuns: kind === 'postgres' ? 15 : 25 },
    );
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('ledger:check reports a balance changed behind the ledger’s back, and a broken chain', async () => {
    const main = await wallet(2);
    await fund(main, 500, 'check:deposit');
    await ctx.handle.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = ${main}`);
    const report = await checkLedger(ctx.handle.db);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(
      /each stored balance equals the sum of its postings: \d+ \(501 <> 500\)/,
    );
    expect(report.problems.join('\n')).toMatch(/version chain/);
    await ctx.handle.db.execute(sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE id = ${main}`);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });
});
