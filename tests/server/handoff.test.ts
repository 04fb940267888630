import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDomains, brands, sessionHandoffs } from '../../server/db/schema';
import type { LoginResult } from '../../src/api/contract/accounts';
import { paths } from '../../src/api/paths';
import { body, createTestContext, databaseKinds, loginMember, type TestContext } from './harness';

describe.each(databaseKinds)('session hand-off codes on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await loginMember(ctx, 'demomember', 'Demo1234');
  });
  afterAll(() => ctx.close());

  const create = async () =>
    body<{ code: string; expiresAt: number }>(
      await ctx.app.inject({
        method: 'POST',
        url: paths.createHandoff.path,
        headers: { authorization: `Bearer ${token}` },
      }),
    ).value;
  const exchange = async (code: string, host?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: paths.exchangeHandoff.path,
      payload: { code },
      headers: host ? { host } : {},
    });
    return { status: res.statusCode, ...body<LoginResult>(res) };
  };

  it('hands a login over once, for a minute, stored hashed', async () => {
    const handoff = await create();
    expect(handoff.expiresAt - Date.now()).toBeLessThanOrEqual(60_000);
    const stored = await ctx.handle.db.select().from(sessionHandoffs);
    expect(stored.some((r) => r.codeHash === handoff.code)).toBe(false);
    // Asking whose it is spends nothing.
    const peek = await ctx.app.inject({
      method: 'POST',
      url: paths.peekHandoff.path,
      payload: { code: handoff.code },
    });
    expect(body(peek).value).toEqual({ account: 'demomember' });
    const first = await exchange(handoff.code);
    expect(first.status).toBe(200);
    expect(first.value.user.account).toBe('demomember');
    expect(first.value.token).not.toBe(token);
    const info = await ctx.app.inject({
      url: paths.memberInfo.path,
      headers: { authorization: `Bearer ${first.value.token}` },
    });
    expect(info.statusCode).toBe(200);
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

  it('needs a session to make a code', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: paths.createHandoff.path });
    expect(res.statusCode).toBe(401);
  });
});
