import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDomains, brands, members, sessionHandoffs } from '../../server/db/schema';
import { createTestContext, databaseKinds, newMember, type TestContext } from './harness';

describe.each(databaseKinds)('session hand-off codes on %s', (kind) => {
  let ctx: TestContext;
  let member: Awaited<ReturnType<typeof newMember>>;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    member = await newMember(ctx, { prefix: 'handoff' });
  });
  afterAll(() => ctx.close());

  const create = async () => (await ctx.call('createHandoff', { token: member.token })).value;
  const exchange = (code: string, host?: string) =>
    ctx.call('exchangeHandoff', { body: { code }, ...(host ? { headers: { host } } : {}) });

  it('hands a login over once, for a minute, stored hashed', async () => {
    const handoff = await create();
    expect(handoff.expiresAt - Date.now()).toBeLessThanOrEqual(60_000);
    const stored = await ctx.handle.db.select().from(sessionHandoffs);
    expect(stored.some((r) => r.codeHash === handoff.code)).toBe(false);
    // Asking whose it is spends nothing.
    const peek = await ctx.call('peekHandoff', { body: { code: handoff.code } });
    expect(peek.value).toEqual({ account: member.username });
    const first = await exchange(handoff.code);
    expect(first.status).toBe(200);
    expect(first.value.user.account).toBe(member.username);
    expect(first.value.token).not.toBe(member.token);
    expect((await ctx.call('memberInfo', { token: first.value.token })).status).toBe(200);
    expect((await exchange(handoff.code)).code).toBe('HANDOFF_INVALID');
  });

  it('refuses an expired code, a made-up one, and one from another brand', async () => {
    const late = await create();
    await ctx.handle.db.update(sessionHandoffs).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await exchange(late.code)).code).toBe('HANDOFF_INVALID');
    expect((await exchange('x'.repeat(43))).code).toBe('HANDOFF_INVALID');
    expect((await exchange('not a code')).status).toBe(422);

    const [other] = await ctx.handle.db
      .insert(brands)
      .values({
        merchantCode: 'HANDOFF2',
        siteName: 'Other',
        currency: 'FUN',
        mainDomain: 'handoff2.example',
      })
      .returning({ id: brands.id });
    await ctx.handle.db
      .insert(brandDomains)
      .values({ brandId: other!.id, host: 'handoff2.example', route: 'main' });
    const elsewhere = await create();
    expect((await exchange(elsewhere.code, 'handoff2.example')).code).toBe('HANDOFF_INVALID');
    await ctx.handle.db.delete(brandDomains).where(eq(brandDomains.host, 'handoff2.example'));
  });

  it('sends an account that must change its password to log in with it, not through the link', async () => {
    const handoff = await create();
    await ctx.handle.db.update(members).set({ mustChangePassword: true }).where(eq(members.id, member.id));
    try {
      // A session that may only change a password would open a page that cannot load anything.
      const refused = await exchange(handoff.code);
      expect(refused.status).toBe(409);
      expect(refused.code).toBe('HANDOFF_PASSWORD_CHANGE');
      expect(refused.message).toContain('trocar a senha');
    } finally {
      await ctx.handle.db.update(members).set({ mustChangePassword: false }).where(eq(members.id, member.id));
    }
  });

  it('needs a session to make a code', async () => {
    expect((await ctx.call('createHandoff')).status).toBe(401);
  });
});
