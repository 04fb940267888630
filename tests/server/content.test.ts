import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../server/db/schema';
import { createTestContext, databaseKinds, type TestContext } from './harness';

describe.each(databaseKinds)('content routes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  /** The announcements for a query string as the page writes it (some break the contract on purpose). */
  const get = (query: string, headers: Record<string, string> = {}) =>
    ctx.call('announcements', { query: Object.fromEntries(new URLSearchParams(query)) as never, headers });

  it('returns the whole announcement set by default', async () => {
    const res = await get('?platform=W');
    expect(res.status).toBe(200);
    expect(res.value.banners.length).toBeGreaterThanOrEqual(4);
    expect(res.value.notices).toHaveLength(3);
    expect(res.value.promotions).toHaveLength(7);
    expect(res.value.promotions[0]!.announcementImages[0]).toMatchObject({ sequence: 1 });
    expect(typeof res.value.notices[0]!.startDateStr).toBe('number');
  });

  it('filters banners by group and carries linkageType for "See more"', async () => {
    const res = await get('?types=banner&bannerGroup=w_home');
    expect(res.value.notices).toEqual([]);
    expect(res.value.banners.every((b) => b.groupName === 'w_home')).toBe(true);
    expect(res.value.banners[0]).toMatchObject({ linkageType: 'route', linkageTarget: '/member/depositv2' });
    const login = await get('?types=banner&bannerGroup=w_login,w_forget');
    expect(login.value.banners.map((b) => b.groupName).sort()).toEqual(['w_forget', 'w_login']);
    expect(login.value.banners.every((b) => b.linkageType === null)).toBe(true);
  });

  it('gives guests only execution-B popups, whatever they ask for', async () => {
    const guest = await get('?types=popup&execution=B');
    expect(guest.value.popups.length).toBe(2);
    expect(guest.value.popups.every((p) => p.execution === 'B')).toBe(true);
    const greedy = await get('?types=popup&execution=A,F');
    expect(greedy.value.popups).toEqual([]);
  });

  it('answers in the requested language and falls back to the brand default', async () => {
    const en = await get('?types=notice&lang=en');
    expect(en.value.notices[0]!.title).toBe('Scheduled maintenance');
    const pt = await get('?types=notice', { 'accept-language': 'fr' });
    expect(pt.value.notices[0]!.title).toBe('Manutenção programada');
  });

  it('hides announcements that are inactive, not yet started or already ended', async () => {
    const before = (await get('?types=notice')).value.notices.length;
    const [first, second, third] = (await get('?types=notice')).value.notices;
    await ctx.handle.db.update(announcements).set({ active: false }).where(eq(announcements.id, first!.id));
    await ctx.handle.db
      .update(announcements)
      .set({ startsAt: new Date(Date.now() + 3600_000) })
      .where(eq(announcements.id, second!.id));
    await ctx.handle.db
      .update(announcements)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, third!.id));
    expect((await get('?types=notice')).value.notices).toHaveLength(before - 3);
  });

  it('rejects unknown types, executions, groups and platforms with 422', async () => {
    for (const q of ['?types=ads', '?execution=Z', '?bannerGroup=w_nowhere', '?platform=X', '?types=']) {
      const res = await get(q);
      expect(res.status, q).toBe(422);
      expect(res.code).toBe('VALIDATION_FAILED');
    }
  });

  it('lists live hosts with their on-air state', async () => {
    const res = await ctx.call('liveModels');
    expect(res.value).toHaveLength(6);
    expect(res.value[0]).toMatchObject({ nickname: 'Camila', online: true, roomCode: 'BAC-01' });
  });
});
