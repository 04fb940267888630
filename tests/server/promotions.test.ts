import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../server/db/schema';
import type { Brand } from '../../server/modules/brand/brand.service';
import { checkLedger } from '../../server/modules/ledger/ledger.check';
import type { PromotionRule } from '../../src/api/contract/promotions';
import { paths } from '../../src/api/paths';
import { createTestContext, databaseKinds, newMember, newOperator, type TestContext } from './harness';

let seq = 0;
const rid = () => `promo-${process.pid}-${++seq}-request`;

/** A deposit bonus: 100 % of the first deposit of at least 50,00, up to 200,00, wagered 5 times. */
const depositBonus = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  entry: 'join',
  claim: 'auto',
  claimDays: 7,
  trigger: { type: 'deposit', nth: 1, minAmount: 5_000 },
  reward: {
    type: 'bonus',
    amount: null,
    percentBp: 10_000,
    cap: 20_000,
    multiple: 5,
    base: 'bonus',
    expiryDays: 7,
    maxStake: null,
    weights: {},
  },
  eligibility: { kycVerified: false, registeredFrom: null, registeredTo: null },
  budget: null,
  paused: false,
  ...over,
});

describe.each(databaseKinds)('promotions on %s', (kind) => {
  let ctx: TestContext;
  let admin: string;
  let brand: Brand;

  /** A promotion of the content pages with `rule` set on it. */
  const promotion = async (rule: PromotionRule, title = 'Bônus') => {
    const saved = await ctx.call('saveAnnouncement', {
      token: admin,
      body: {
        kind: 'promotion',
        title: { pt: title, en: title },
        content: { pt: '<p>Regras</p>', en: '<p>Rules</p>' },
        promotionType: 'NEW',
        startsAt: null,
        endsAt: null,
        reason: 'A promotion for the test',
        requestId: rid(),
      },
    });
    expect(saved.code).toBe('OK');
    const set = await ctx.call('savePromotionRule', {
      token: admin,
      body: { promotionId: saved.value.id, rule, requestId: rid(), reason: 'Launch' },
    });
    expect(set.code).toBe('OK');
    return saved.value.id;
  };
  const deposit = async (token: string, amount: number) => {
    const n = ++seq;
    const created = await ctx.call('createDeposit', {
      token,
      // Each from its own address: the per-address limits of the money routes stay out of the way.
      ip: `10.77.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
      body: { method: 'pix', amount, requestId: rid() } as never,
    });
    expect(created.code).toBe('OK');
    const decided = await ctx.call('decideDeposit', {
      token: admin,
      body: { reference: created.value.reference, decision: 'confirm', requestId: rid() },
    });
    expect(decided.code).toBe('OK');
  };
  const activity = async (token: string, promotionId: number) =>
    (await ctx.call('promotionActivities', { token })).value.activities.find(
      (a) => a.promotionId === promotionId,
    )!;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = (await newOperator(ctx, 'admin')).token;
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = row as unknown as Brand;
  });
  afterAll(() => ctx.close());

  it('a joined deposit bonus is granted on the first deposit, once, and can be forfeited', async () => {
    const id = await promotion(depositBonus());
    const member = await newMember(ctx, { prefix: 'promoa' });
    // A guest sees the promotion with nothing to do but log in; the member sees "join".
    const guest = (await ctx.call('promotionActivities')).value.activities.find((a) => a.promotionId === id)!;
    expect(guest).toMatchObject({ status: 'join', entryStatus: null });
    expect((await activity(member.token, id)).status).toBe('join');
    const joined = await ctx.call('joinPromotion', { token: member.token, body: { promotionId: id } });
    expect(joined.value).toMatchObject({ status: 'joined', entryStatus: 'joined' });
    expect((await ctx.call('joinPromotion', { token: member.token, body: { promotionId: id } })).code).toBe(
      'PROMOTION_ALREADY_JOINED',
    );
    // 120,00 deposited: 120,00 of bonus (100 %, under the cap), to wager 5 times.
    await deposit(member.token, 12_000);
    const after = await activity(member.token, id);
    expect(after).toMatchObject({ status: 'issued', rewardAmount: 12_000 });
    expect(after.bonus).toMatchObject({
      status: 'active',
      amount: 12_000,
      balance: 12_000,
      requirement: 60_000,
    });
    expect((await ctx.call('walletBalance', { token: member.token })).value.balance).toBe(12_000);
    const bonuses = (await ctx.call('bonusDetails', { token: member.token })).value.bonuses;
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({
      counted: 0,
      weights: expect.objectContaining({ RNG: 10_000, LIVE: 1_000 }),
    });
    // A second deposit earns nothing more (the first deposit only, one per member).
    await deposit(member.token, 12_000);
    expect((await activity(member.token, id)).rewardAmount).toBe(12_000);
    // Forfeiting gives the bonus back: the cash stays, the bonus wallet is empty.
    const bonusId = bonuses[0]!.id;
    const forfeited = await ctx.call('forfeitBonus', { token: member.token, body: { bonusId } });
    expect(forfeited.value.bonuses[0]).toMatchObject({ status: 'forfeited', balance: 0 });
    expect((await ctx.call('forfeitBonus', { token: member.token, body: { bonusId } })).code).toBe(
      'BONUS_CLOSED',
    );
    expect((await ctx.call('walletBalance', { token: member.token })).value.balance).toBe(24_000);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('a deposit below the minimum, or before joining, earns nothing', async () => {
    const id = await promotion(depositBonus());
    const early = await newMember(ctx, { prefix: 'promob' });
    await deposit(early.token, 10_000);
    await ctx.call('joinPromotion', { token: early.token, body: { promotionId: id } });
    await deposit(early.token, 10_000);
    // Its first deposit was made before it joined: the second is not a first deposit.
    expect(await activity(early.token, id)).toMatchObject({ status: 'joined', rewardAmount: null });
    const small = await newMember(ctx, { prefix: 'promoc' });
    await ctx.call('joinPromotion', { token: small.token, body: { promotionId: id } });
    await deposit(small.token, 4_999);
    expect((await activity(small.token, id)).status).toBe('joined');
  });

  it('a cash reward waits in the reward centre and 20 parallel claims pay it once', async () => {
    const id = await promotion(
      depositBonus({
        entry: 'auto',
        claim: 'claim',
        reward: { type: 'cash', amount: 1_500 },
        trigger: { type: 'deposit', nth: null, minAmount: 1_000 },
      }),
    );
    const member = await newMember(ctx, { prefix: 'promod' });
    expect((await activity(member.token, id)).status).toBe('in_process');
    await deposit(member.token, 2_000);
    const centre = (await ctx.call('rewardCenter', { token: member.token })).value;
    expect(centre.count).toBe(1);
    expect(centre.claimable[0]).toMatchObject({
      promotionId: id,
      amount: 1_500,
      rewardType: 'cash',
      status: 'claimable',
    });
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.call('claimReward', { token: member.token, body: { promotionId: id } }),
      ),
    );
    expect(claims.filter((c) => c.code === 'OK')).toHaveLength(1);
    expect(claims.filter((c) => c.code !== 'OK').every((c) => c.code === 'PROMOTION_ALREADY_CLAIMED')).toBe(
      true,
    );
    expect((await ctx.call('walletBalance', { token: member.token })).value.balance).toBe(3_500);
    expect((await ctx.call('rewardCenter', { token: member.token })).value).toMatchObject({ count: 0 });
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  it('never gives past its budget: 30 members for room for 10', async () => {
    const id = await promotion(
      depositBonus({
        entry: 'auto',
        claim: 'auto',
        reward: { type: 'cash', amount: 1_000 },
        trigger: { type: 'deposit', nth: null, minAmount: 1_000 },
        budget: 10_000,
      }),
    );
    const members = await Promise.all(
      Array.from({ length: 30 }, (_, i) => newMember(ctx, { prefix: `promoe${i}` })),
    );
    await Promise.all(members.map((m) => deposit(m.token, 1_000)));
    const statuses = (await Promise.all(members.map((m) => activity(m.token, id)))).map((a) => a.status);
    expect(statuses.filter((s) => s === 'issued')).toHaveLength(10);
    // Spent: the promotion shows as closed to everyone else.
    expect(statuses.filter((s) => s === 'close')).toHaveLength(20);
    const report = (await ctx.call('adminPromotionRules', { token: admin })).value.find(
      (p) => p.promotionId === id,
    )!;
    expect(report.stats).toMatchObject({ claimed: 10, granted: 10_000 });
  });

  it('counts in-house bets at 20 % and releases the bonus to cash exactly when the requirement is met', async () => {
    const fixed = { ...(depositBonus().reward as Extract<PromotionRule['reward'], { type: 'bonus' }>) };
    const id = await promotion(
      depositBonus({ reward: { ...fixed, percentBp: null, amount: 1_000, multiple: 2 } }),
    );
    const member = await newMember(ctx, { prefix: 'promof' });
    await ctx.call('joinPromotion', { token: member.token, body: { promotionId: id } });
    await deposit(member.token, 10_000);
    const bonus = (await ctx.call('bonusDetails', { token: member.token })).value.bonuses[0]!;
    expect(bonus).toMatchObject({ requirement: 2_000, counted: 0, status: 'active', balance: 1_000 });
    // 2,000 to wager at 20 %: 9,900 of dice bets count 1,980.
    const dice = (stake: number) =>
      ctx.call('originalsBet', {
        token: member.token,
        body: { game: 'dice', requestId: rid(), stake, chance: 4_950, side: 'over' } as never,
      });
    expect((await dice(9_000)).code).toBe('OK');
    expect((await dice(900)).code).toBe('OK');
    const short = (await ctx.call('bonusDetails', { token: member.token })).value.bonuses[0]!;
    expect(short.counted).toBe(1_980);
    await ctx.app.promotions.sweep([brand]);
    expect((await ctx.call('bonusDetails', { token: member.token })).value.bonuses[0]!.status).toBe('active');
    expect(
      await ctx.app.promotions.beforeWithdrawal(brand, member.id).catch((e: { code: string }) => e.code),
    ).toBe('BONUS_WAGERING_OPEN');
    // 100 more: exactly at the requirement. The sweep releases the bonus wallet to cash, once.
    expect((await dice(100)).code).toBe('OK');
    const cash = (await ctx.call('walletBalance', { token: member.token })).value.balance;
    await Promise.all([ctx.app.promotions.sweep([brand]), ctx.app.promotions.sweep([brand])]);
    const done = (await ctx.call('bonusDetails', { token: member.token })).value.bonuses[0]!;
    expect(done).toMatchObject({ status: 'completed', counted: 2_000, converted: 1_000, balance: 0 });
    expect((await ctx.call('walletBalance', { token: member.token })).value.balance).toBe(cash + 1_000);
    expect((await checkLedger(ctx.handle.db)).problems).toEqual([]);
  });

  /** An application as the page sends it (multipart: promotionId, remark, pictures). */
  async function apply(token: string, promotionId: number, remark: string, files: Buffer[]) {
    const boundary = '----promo-boundary';
    const field = (name: string, value: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const chunks: Buffer[] = [field('promotionId', String(promotionId)), field('remark', remark)];
    for (const [i, data] of files.entries())
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      );
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const n = ++seq;
    const res = await ctx.app.inject({
      method: 'POST',
      url: paths.applyPromotion.path,
      payload: Buffer.concat(chunks),
      remoteAddress: `10.78.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    return res.json() as { code: string; value: { status: string; entryStatus: string | null } };
  }
  const png = (size = 64): Buffer =>
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size, 1)]);
  const gif = Buffer.from('GIF89a0000000000') as Buffer;

  it('takes an application with its pictures, refuses bad ones, and pays it once approved and claimed', async () => {
    const id = await promotion(
      depositBonus({
        entry: 'apply',
        claim: 'claim',
        trigger: { type: 'manual' },
        reward: { type: 'cash', amount: 500 },
      }),
    );
    const member = await newMember(ctx, { prefix: 'promoh' });
    expect((await activity(member.token, id)).status).toBe('apply');
    expect((await apply(member.token, id, 'x'.repeat(141), [png()])).code).toBe('PROMOTION_APPLY_REMARK');
    expect((await apply(member.token, id, '', [png()])).code).toBe('PROMOTION_APPLY_REMARK');
    expect((await apply(member.token, id, 'Meu post', [gif])).code).toBe('PROMOTION_APPLY_FILE_TYPE');
    expect((await apply(member.token, id, 'Meu post', [png(), png(), png(), png()])).code).toBe(
      'PROMOTION_APPLY_IMAGES',
    );
    expect((await apply(member.token, id, 'Meu post', [png(6 * 1024 * 1024)])).code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    // Nothing of the refused ones was kept.
    expect((await activity(member.token, id)).status).toBe('apply');
    const sent = await apply(member.token, id, 'x'.repeat(140), [png(), png()]);
    expect(sent.code).toBe('OK');
    expect(sent.value).toMatchObject({ status: 'applying', entryStatus: 'applying' });
    expect((await apply(member.token, id, 'again', [])).code).toBe('PROMOTION_ALREADY_JOINED');

    const queue = (await ctx.call('promotionApplications', { token: admin, query: { status: 'waiting' } }))
      .value;
    const mine = queue.find((a) => a.username === member.username)!;
    expect(mine).toMatchObject({ promotionId: id, images: 2, remark: 'x'.repeat(140) });
    const image = await ctx.app.inject({
      method: 'GET',
      url: `${paths.promotionApplicationImage.path}?entryId=${mine.entryId}&sequence=2`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // A member cannot read the pictures.
    const stranger = await ctx.app.inject({
      method: 'GET',
      url: `${paths.promotionApplicationImage.path}?entryId=${mine.entryId}&sequence=1`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(stranger.statusCode).toBeGreaterThanOrEqual(401);

    const approved = await ctx.call('decideApplication', {
      token: admin,
      body: { entryId: mine.entryId, decision: 'approve', reason: 'Post conferido', requestId: rid() },
    });
    expect(approved.value).toMatchObject({ status: 'claimable' });
    expect(
      (
        await ctx.call('decideApplication', {
          token: admin,
          body: { entryId: mine.entryId, decision: 'reject', reason: 'Tarde demais', requestId: rid() },
        })
      ).code,
    ).toBe('PROMOTION_APPLICATION_DECIDED');
    expect((await ctx.call('claimReward', { token: member.token, body: { promotionId: id } })).code).toBe(
      'OK',
    );
    expect((await ctx.call('walletBalance', { token: member.token })).value.balance).toBe(500);

    // A rejection tells the member why, and pays nothing.
    const other = await newMember(ctx, { prefix: 'promoi' });
    await apply(other.token, id, 'Meu post', [png()]);
    const theirs = (
      await ctx.call('promotionApplications', { token: admin, query: { status: 'waiting' } })
    ).value.find((a) => a.username === other.username)!;
    await ctx.call('decideApplication', {
      token: admin,
      body: {
        entryId: theirs.entryId,
        decision: 'reject',
        reason: 'O post não cita a Aurora',
        requestId: rid(),
      },
    });
    expect(await activity(other.token, id)).toMatchObject({
      status: 'rejected',
      decisionNote: 'O post não cita a Aurora',
    });
    expect((await ctx.call('walletBalance', { token: other.token })).value.balance).toBe(0);
  });

  it('refuses rules that contradict themselves, and promotions that do not exist', async () => {
    const bad = await ctx.call('savePromotionRule', {
      token: admin,
      body: { promotionId: 1, rule: depositBonus({ entry: 'apply' }), requestId: rid(), reason: 'Launch' },
    });
    expect(bad.code).toBe('VALIDATION_FAILED');
    const missing = await ctx.call('savePromotionRule', {
      token: admin,
      body: { promotionId: 999_999, rule: depositBonus(), requestId: rid(), reason: 'Launch' },
    });
    expect(missing.code).toBe('PROMOTION_NOT_FOUND');
    const member = await newMember(ctx, { prefix: 'promog' });
    expect(
      (await ctx.call('joinPromotion', { token: member.token, body: { promotionId: 999_999 } })).code,
    ).toBe('PROMOTION_NOT_FOUND');
  });
});
