import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { withReadCache } from '../../server/lib/read-cache';
import { BrandRepository } from '../../server/modules/brand/brand.repository';
import { BrandService } from '../../server/modules/brand/brand.service';
import { ContentRepository } from '../../server/modules/content/content.repository';
import { ContentService } from '../../server/modules/content/content.service';
import { sniffImage } from '../../server/modules/content/content-images';
import { CONTENT_IMAGE_MAX_BYTES, type ContentImage } from '../../src/api/contract/content-admin';
import { paths } from '../../src/api/paths';
import {
  createTestContext,
  databaseKinds,
  loginMember,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

const HOUR = 3_600_000;

/** The smallest headers each format needs: what the server reads to know a picture. */
function png(width: number, height: number) {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}
function jpeg(width: number, height: number) {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}
function webp(width: number, height: number) {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(22, 4);
  b.write('WEBP', 8, 'latin1');
  b.write('VP8X', 12, 'latin1');
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

describe('pictures are known by their bytes', () => {
  it('reads the type and size of png, jpg and webp, and nothing else', () => {
    expect(sniffImage(png(1920, 560))).toEqual({ mime: 'image/png', width: 1920, height: 560 });
    expect(sniffImage(jpeg(800, 600))).toEqual({ mime: 'image/jpeg', width: 800, height: 600 });
    expect(sniffImage(webp(1200, 400))).toEqual({ mime: 'image/webp', width: 1200, height: 400 });
    expect(sniffImage(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});

describe.each(databaseKinds)('content in the back office on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  const tokens: Record<'admin' | 'content' | 'support' | 'finance', string> = {
    admin: '',
    content: '',
    support: '',
    finance: '',
  };
  let seq = 0;
  const reason = 'Campanha de teste';
  const requestId = () => `req-content-${process.pid}-${++seq}`;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { clock: () => new Date(now) });
    for (const role of ['admin', 'content', 'support', 'finance'] as const)
      tokens[role] = (await newOperator(ctx, role)).token;
  });
  afterAll(() => ctx?.close());

  /** Sends a picture as the back office does (multipart, one file). */
  async function upload(token: string, files: Buffer[], language = 'pt') {
    const boundary = '----content-boundary';
    const chunks: Buffer[] = [];
    for (const [i, data] of files.entries()) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p${i}.bin"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const res = await ctx.app.inject({
      method: 'POST',
      url: paths.uploadContentImage.path,
      payload: Buffer.concat(chunks),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': language,
      },
    });
    return {
      status: res.statusCode,
      ...(res.json() as { code: string; message: string; value: ContentImage }),
    };
  }

  const homeBanners = async () =>
    (await ctx.call('announcements', { query: { types: 'banner', bannerGroup: 'w_home', lang: 'pt' } })).value
      .banners;

  const newBanner = (overrides: Record<string, unknown> = {}) =>
    ctx.call('saveBanner', {
      token: tokens.content,
      body: {
        groupName: 'w_home',
        imageUrl: '/art/banner/live-hall.svg',
        title: { pt: 'Festival de slots', en: 'Slots festival' },
        subtitle: { pt: 'Dinheiro fictício', en: 'Play money' },
        linkageType: 'route',
        linkageTarget: '/rng',
        startsAt: null,
        endsAt: null,
        reason,
        requestId: requestId(),
        ...overrides,
      } as never,
    });

  const auditRows = (action: string, target?: string) =>
    ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), target ? like(auditLog.target, target) : undefined))
      .orderBy(desc(auditLog.id));

  it('lets a content operator work, and refuses support and finance operators', async () => {
    expect((await ctx.call('adminBanners', { token: tokens.content, query: {} })).code).toBe('OK');
    for (const role of ['support', 'finance'] as const) {
      const token = tokens[role];
      for (const answer of [
        await ctx.call('adminBanners', { token, query: {} }),
        await ctx.call('adminAnnouncements', { token, query: {} }),
        await ctx.call('adminPages', { token, query: {} }),
        await ctx.call('saveBanner', { token, body: {} as never }),
        await ctx.call('savePage', { token, body: {} as never }),
        await ctx.call('setBannerState', { token, body: { id: 1, state: 'off', reason } }),
      ])
        expect({ role, code: answer.code }).toEqual({ role, code: 'ROLE_FORBIDDEN' });
      expect((await upload(token, [png(10, 10)])).code).toBe('ROLE_FORBIDDEN');
    }
    const guest = await ctx.call('adminBanners', { query: {} });
    expect(guest.status).toBe(401);
  });

  it('shows a content operator no money, and no money in what it reads', async () => {
    const token = tokens.content;
    for (const name of [
      'operatorDeposits',
      'operatorWithdrawals',
      'adminMembers',
      'adminReportDashboard',
    ] as const)
      expect((await ctx.call(name, { token, query: {} } as never)).code).toBe('ROLE_FORBIDDEN');
    const adjust = await ctx.call('adjustBalance', {
      token,
      body: { username: 'demomember', amount: 100, reason, category: 'correction', requestId: requestId() },
    });
    expect(adjust.code).toBe('ROLE_FORBIDDEN');
    const lists = [
      await ctx.call('adminBanners', { token, query: {} }),
      await ctx.call('adminAnnouncements', { token, query: {} }),
      await ctx.call('adminPages', { token, query: {} }),
    ];
    for (const list of lists) {
      expect(list.code).toBe('OK');
      expect(JSON.stringify(list.value)).not.toMatch(/"(amount|balance|deposit|withdrawal)\w*"\s*:/i);
    }
  });

  it('uploads png, jpg and webp by their bytes and serves them to everyone for good', async () => {
    for (const [data, mime, ext] of [
      [png(1920, 560), 'image/png', 'png'],
      [jpeg(800, 600), 'image/jpeg', 'jpg'],
      [webp(1200, 400), 'image/webp', 'webp'],
    ] as const) {
      const res = await upload(tokens.content, [data]);
      expect(res.code).toBe('OK');
      expect(res.value).toMatchObject({ mime, size: data.length });
      expect(res.value.url).toMatch(new RegExp(`^/api/content/media/[0-9a-f]{64}\\.${ext}$`));
      const served = await ctx.app.inject({ url: res.value.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(data)).toBe(true);
      // The same name with another extension names nothing.
      const wrong = await ctx.app.inject({
        url: res.value.url.replace(/\.\w+$/, ext === 'png' ? '.jpg' : '.png'),
      });
      expect(wrong.statusCode).toBe(404);
    }
    const first = await upload(tokens.content, [png(1920, 560)]);
    expect(first.value.width).toBe(1920);
    // Uploading the same bytes again stores nothing new and records nothing new.
    expect(await auditRows('content_image_upload', first.value.url)).toHaveLength(1);
    expect((await ctx.app.inject({ url: '/api/content/media/nothing.png' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/content/media/${'0'.repeat(64)}.png` })).statusCode).toBe(404);
  });

  it('refuses a picture that is not png, jpg or webp, too large, or missing, with its code', async () => {
    const gif = await upload(tokens.content, [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00')]);
    expect([gif.status, gif.code]).toEqual([422, 'CONTENT_IMAGE_TYPE']);
    expect(gif.message).toBe('Envie uma imagem PNG, JPG ou WebP.');
    const svg = await upload(tokens.content, [Buffer.from('<svg onload="alert(1)"/>')], 'en');
    expect([svg.code, svg.message]).toEqual(['CONTENT_IMAGE_TYPE', 'Send a PNG, JPG or WebP picture.']);
    const big = Buffer.concat([png(10, 10), Buffer.alloc(CONTENT_IMAGE_MAX_BYTES)]);
    const large = await upload(tokens.content, [big]);
    expect([large.status, large.code]).toEqual([413, 'CONTENT_IMAGE_TOO_LARGE']);
    // Just under the limit passes (more than the 1 MB of an ordinary request).
    const fits = Buffer.concat([png(3000, 1000), Buffer.alloc(CONTENT_IMAGE_MAX_BYTES - 64)]);
    expect((await upload(tokens.content, [fits])).code).toBe('OK');
    expect((await upload(tokens.content, [])).code).toBe('CONTENT_IMAGE_REQUIRED');
    expect((await upload(tokens.content, [png(1, 1), png(2, 2)])).code).toBe('CONTENT_IMAGE_REQUIRED');
  });

  it('publishes a banner with an uploaded picture on the home, once per request id, audited', async () => {
    const picture = (await upload(tokens.content, [webp(1600, 500)])).value.url;
    const id = requestId();
    const body = {
      groupName: 'w_home',
      imageUrl: picture,
      title: { pt: 'Novo banner', en: 'New banner' },
      subtitle: null,
      linkageType: 'url',
      linkageTarget: 'https://aurora.example/regras',
      startsAt: null,
      endsAt: null,
      reason,
      requestId: id,
    } as const;
    const created = await ctx.call('saveBanner', { token: tokens.content, body });
    expect(created.code).toBe('OK');
    expect(created.value).toMatchObject({ standing: 'live', active: true, imageUrl: picture });
    // The answer was lost and the back office sent it again: the same banner, no second one.
    const again = await ctx.call('saveBanner', { token: tokens.content, body });
    expect(again.value.id).toBe(created.value.id);
    expect(await auditRows('banner_create', `banner #${created.value.id} %`)).toHaveLength(1);

    const shown = (await homeBanners()).find((b) => b.id === created.value.id);
    expect(shown).toMatchObject({ url: picture, title: 'Novo banner', linkageType: 'url' });
    const en = await ctx.call('announcements', {
      query: { types: 'banner', bannerGroup: 'w_home', lang: 'en' },
    });
    expect(en.value.banners.find((b) => b.id === created.value.id)?.title).toBe('New banner');
    // Last of its group.
    expect((await homeBanners()).at(-1)?.id).toBe(created.value.id);
  });

  it('keeps the audit row with before and after in the transaction of the change', async () => {
    const banner = (await newBanner()).value;
    const edited = await ctx.call('saveBanner', {
      token: tokens.content,
      body: {
        id: banner.id,
        groupName: 'w_home',
        imageUrl: banner.imageUrl,
        title: { pt: 'Título novo', en: 'New title' },
        subtitle: null,
        linkageType: null,
        linkageTarget: null,
        startsAt: null,
        endsAt: null,
        reason: 'Texto da campanha corrigido',
      },
    });
    expect(edited.value.title).toEqual({ pt: 'Título novo', en: 'New title' });
    const [row] = await auditRows('banner_update', `banner #${banner.id} %`);
    expect(row!.detail).toMatchObject({
      reason: 'Texto da campanha corrigido',
      before: { title_pt: 'Festival de slots', title_en: 'Slots festival', link: 'route /rng' },
      after: { title_pt: 'Título novo', title_en: 'New title', link: null },
    });

    // A change refused inside its transaction leaves neither the change nor an audit row.
    await ctx.call('setBannerState', {
      token: tokens.content,
      body: { id: banner.id, state: 'archived', reason },
    });
    const count = (await auditRows('banner_update', `banner #${banner.id} %`)).length;
    const refused = await ctx.call('saveBanner', {
      token: tokens.content,
      body: { ...edited.value, title: { pt: 'Outro', en: 'Other' }, reason } as never,
    });
    expect(refused.code).toBe('CONTENT_ARCHIVED');
    expect(await auditRows('banner_update', `banner #${banner.id} %`)).toHaveLength(count);
    const archived = await ctx.call('adminBanners', { token: tokens.content, query: { archived: '1' } });
    expect(archived.value.find((b) => b.id === banner.id)?.title.pt).toBe('Título novo');
  });

  it('shows a banner only inside its window, by the server clock, to the millisecond', async () => {
    const start = now + HOUR;
    const end = now + 2 * HOUR;
    const banner = (await newBanner({ startsAt: start, endsAt: end })).value;
    expect(banner.standing).toBe('scheduled');
    const shownAt = async (t: number) => {
      now = t;
      return (await homeBanners()).some((b) => b.id === banner.id);
    };
    const real = now;
    try {
      expect(await shownAt(start - 1)).toBe(false);
      expect(await shownAt(start)).toBe(true);
      expect(await shownAt(end - 1)).toBe(true);
      expect(await shownAt(end)).toBe(false);
      const list = await ctx.call('adminBanners', { token: tokens.content, query: { group: 'w_home' } });
      expect(list.value.find((b) => b.id === banner.id)?.standing).toBe('ended');
    } finally {
      now = real;
    }
  });

  it('keeps the schedule even while the site reads from its cache', async () => {
    const banner = (await newBanner({ startsAt: now + HOUR, endsAt: null })).value;
    let clock = now;
    const service = new ContentService(
      withReadCache(new ContentRepository(ctx.handle.db), 60_000),
      () => new Date(clock),
    );
    const brand = await new BrandService(new BrandRepository(ctx.handle.db)).resolve('localhost');
    const ids = async () =>
      (
        await service.announcementSet(brand, {
          types: ['banner'],
          executions: [],
          bannerGroups: ['w_home'],
          lang: 'pt',
        })
      ).banners.map((b) => b.id);
    expect(await ids()).not.toContain(banner.id);
    clock = now + HOUR;
    expect(await ids()).toContain(banner.id);
  });

  it('switches off, archives, restores and orders banners as the site shows them', async () => {
    const a = (await newBanner({ title: { pt: 'A', en: 'A' } })).value;
    const b = (await newBanner({ title: { pt: 'B', en: 'B' } })).value;
    const off = await ctx.call('setBannerState', {
      token: tokens.content,
      body: { id: a.id, state: 'off', reason },
    });
    expect(off.value.standing).toBe('off');
    expect((await homeBanners()).map((x) => x.id)).not.toContain(a.id);
    await ctx.call('setBannerState', { token: tokens.content, body: { id: a.id, state: 'on', reason } });
    expect((await homeBanners()).map((x) => x.id)).toContain(a.id);

    const group = await ctx.call('adminBanners', { token: tokens.content, query: { group: 'w_home' } });
    const reversed = group.value.map((x) => x.id).reverse();
    const ordered = await ctx.call('orderBanners', {
      token: tokens.content,
      body: { groupName: 'w_home', ids: reversed, reason },
    });
    expect(ordered.value.map((x) => x.id)).toEqual(reversed);
    const live = (await homeBanners()).map((x) => x.id);
    expect(live).toEqual(reversed.filter((id) => live.includes(id)));

    const missing = await ctx.call('orderBanners', {
      token: tokens.content,
      body: { groupName: 'w_home', ids: reversed.slice(1), reason },
    });
    expect(missing.code).toBe('CONTENT_ORDER_INVALID');
    const twice = await ctx.call('orderBanners', {
      token: tokens.content,
      body: { groupName: 'w_home', ids: [...reversed.slice(1), reversed[1]!], reason },
    });
    expect(twice.code).toBe('CONTENT_ORDER_INVALID');

    await ctx.call('setBannerState', {
      token: tokens.content,
      body: { id: b.id, state: 'archived', reason },
    });
    expect((await homeBanners()).map((x) => x.id)).not.toContain(b.id);
    const listed = await ctx.call('adminBanners', { token: tokens.content, query: {} });
    expect(listed.value.map((x) => x.id)).not.toContain(b.id);
    const on = await ctx.call('setBannerState', {
      token: tokens.content,
      body: { id: b.id, state: 'on', reason },
    });
    expect(on.code).toBe('CONTENT_ARCHIVED');
    const restored = await ctx.call('setBannerState', {
      token: tokens.content,
      body: { id: b.id, state: 'restored', reason },
    });
    expect(restored.value).toMatchObject({ archived: false, active: false, standing: 'off' });
    const [row] = await auditRows('banner_restore', `banner #${b.id} %`);
    expect(row!.detail).toMatchObject({
      before: { archived: true },
      after: { archived: false, active: false },
    });
  });

  it('refuses bad banners with their codes, in the operator’s language', async () => {
    const code = async (overrides: Record<string, unknown>, language: 'pt' | 'en' = 'pt') => {
      const res = await ctx.call('saveBanner', {
        token: tokens.content,
        language,
        body: {
          groupName: 'w_login',
          imageUrl: '/art/banner/live-hall.svg',
          title: { pt: 'x', en: 'x' },
          subtitle: null,
          linkageType: null,
          linkageTarget: null,
          startsAt: null,
          endsAt: null,
          reason,
          ...overrides,
        } as never,
      });
      return [res.code, res.message];
    };
    expect((await code({ startsAt: now, endsAt: now }))[0]).toBe('CONTENT_SCHEDULE_INVALID');
    expect(await code({ startsAt: now, endsAt: now - 1 }, 'en')).toEqual([
      'CONTENT_SCHEDULE_INVALID',
      'The end of the schedule must come after its start.',
    ]);
    for (const [type, target] of [
      ['route', 'https://evil.example'],
      ['route', '//evil.example'],
      ['route', 'rng'],
      ['url', 'javascript:alert(1)'],
      ['url', 'http://plain.example'],
      ['url', null],
      ['promotion', '999999'],
      ['promotion', 'abc'],
    ])
      expect([type, target, (await code({ linkageType: type, linkageTarget: target }))[0]]).toEqual([
        type,
        target,
        'CONTENT_LINK_INVALID',
      ]);
    for (const url of [
      'https://evil.example/x.png',
      `/api/content/media/${'a'.repeat(64)}.png`,
      'javascript:alert(1)',
      '/art/../secret.svg',
    ])
      expect([url, (await code({ imageUrl: url }))[0]]).toEqual([url, 'CONTENT_IMAGE_UNKNOWN']);
    expect((await code({ id: 999_999 }))[0]).toBe('CONTENT_NOT_FOUND');
    // The contract: both languages, a group the site has, a reason.
    expect((await code({ title: { pt: 'Só em português' } }))[0]).toBe('VALIDATION_FAILED');
    expect((await code({ groupName: 'w_nowhere' }))[0]).toBe('VALIDATION_FAILED');
    expect((await code({ reason: '' }))[0]).toBe('VALIDATION_FAILED');
    const state = await ctx.call('setBannerState', {
      token: tokens.content,
      body: { id: 999_999, state: 'off', reason },
    });
    expect(state.code).toBe('CONTENT_NOT_FOUND');
  });

  it('cleans announcement HTML on the server: no script, handler, frame or javascript: link survives', async () => {
    const dirty =
      '<p onclick="steal()">Olá <strong>mundo</strong></p><script>alert(1)</script>' +
      '<img src="/art/promo/x.svg" onerror="alert(2)"><a href="javascript:alert(3)">clique</a>' +
      '<a href="https://aurora.example/ok">ok</a><iframe src="https://evil.example"></iframe>' +
      '<form action="/x"><input name="p"></form><p style="position:fixed">fixo</p>';
    const saved = await ctx.call('saveAnnouncement', {
      token: tokens.content,
      body: {
        kind: 'popup',
        execution: 'B',
        title: { pt: 'Aviso', en: 'Notice' },
        content: { pt: dirty, en: dirty },
        startsAt: null,
        endsAt: null,
        reason,
        requestId: requestId(),
      },
    });
    expect(saved.code).toBe('OK');
    for (const html of [saved.value.content.pt, saved.value.content.en]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<form|<input|style=/i);
      expect(html).toContain('<strong>mundo</strong>');
      expect(html).toContain('<a href="https://aurora.example/ok">ok</a>');
      expect(html).toContain('<img src="/art/promo/x.svg">');
    }
    // A guest reads the cleaned text (execution B); starting now by the server clock.
    const guest = await ctx.call('announcements', { query: { types: 'popup', execution: 'B', lang: 'pt' } });
    const popup = guest.value.popups.find((p) => p.id === saved.value.id);
    expect(popup?.content).toBe(saved.value.content.pt);
    expect(popup?.startDateStr).toBe(now);

    const empty = await ctx.call('saveAnnouncement', {
      token: tokens.content,
      body: {
        kind: 'notice',
        execution: null,
        title: { pt: 'x', en: 'x' },
        content: { pt: '<script>alert(1)</script>', en: 'ok' },
        startsAt: null,
        endsAt: null,
        reason,
      },
    });
    expect(empty.code).toBe('CONTENT_TEXT_EMPTY');
  });

  it('shows popups by execution as the spec says: A members, B guests, F a first login', async () => {
    const make = (execution: 'A' | 'B' | 'F' | null) =>
      ctx.call('saveAnnouncement', {
        token: tokens.content,
        body: {
          kind: 'popup',
          execution,
          title: { pt: `Popup ${execution}`, en: `Popup ${execution}` },
          content: { pt: '<p>Texto</p>', en: '<p>Text</p>' },
          startsAt: null,
          endsAt: null,
          reason,
        },
      });
    expect((await make(null)).code).toBe('CONTENT_EXECUTION_REQUIRED');
    const a = (await make('A')).value;
    const f = (await make('F')).value;
    const guest = await ctx.call('announcements', { query: { types: 'popup', execution: 'A,B,F' } });
    expect(guest.value.popups.map((p) => p.id)).not.toContain(a.id);
    expect(guest.value.popups.map((p) => p.id)).not.toContain(f.id);
    const member = await newMember(ctx);
    const token = await loginMember(ctx, member);
    const first = await ctx.call('announcements', { token, query: { types: 'popup', execution: 'A,F' } });
    expect(first.value.popups.map((p) => p.id)).toEqual(expect.arrayContaining([a.id, f.id]));
    const later = await ctx.call('announcements', { token, query: { types: 'popup', execution: 'A' } });
    expect(later.value.popups.map((p) => p.id)).not.toContain(f.id);
  });

  it('schedules notices by the server clock and refuses an end before the start', async () => {
    const notice = await ctx.call('saveAnnouncement', {
      token: tokens.content,
      body: {
        kind: 'notice',
        execution: null,
        title: { pt: 'Manutenção amanhã', en: 'Maintenance tomorrow' },
        content: { pt: 'Das 2h às 3h.', en: 'From 2 to 3 am.' },
        startsAt: now + HOUR,
        endsAt: now + 3 * HOUR,
        reason,
      },
    });
    expect(notice.value.standing).toBe('scheduled');
    const ids = async () =>
      (await ctx.call('announcements', { query: { types: 'notice' } })).value.notices.map((n) => n.id);
    expect(await ids()).not.toContain(notice.value.id);
    const real = now;
    now += HOUR;
    try {
      expect(await ids()).toContain(notice.value.id);
    } finally {
      now = real;
    }
    const bad = await ctx.call('saveAnnouncement', {
      token: tokens.content,
      body: {
        ...notice.value,
        id: notice.value.id,
        endsAt: now + HOUR,
        startsAt: now + 2 * HOUR,
        reason,
      } as never,
    });
    expect(bad.code).toBe('CONTENT_SCHEDULE_INVALID');
  });

  it('keeps a promotion’s uploaded picture and its type', async () => {
    const picture = (await upload(tokens.content, [jpeg(600, 300)])).value.url;
    const promo = await ctx.call('saveAnnouncement', {
      token: tokens.content,
      body: {
        kind: 'promotion',
        execution: 'A',
        title: { pt: 'Giros grátis', en: 'Free spins' },
        content: { pt: '<p>Regras</p>', en: '<p>Rules</p>' },
        promotionType: 'SLOTS',
        imageUrl: picture,
        startsAt: null,
        endsAt: null,
        reason,
      },
    });
    expect(promo.value).toMatchObject({ imageUrl: picture, promotionType: 'SLOTS', execution: null });
    const site = await ctx.call('announcements', { query: { types: 'promotion' } });
    const shown = site.value.promotions.find((p) => p.id === promo.value.id);
    expect(shown?.announcementImages).toEqual([{ sequence: 1, url: picture }]);
    // A banner may now lead to it.
    const linked = await newBanner({ linkageType: 'promotion', linkageTarget: String(promo.value.id) });
    expect(linked.code).toBe('OK');
  });

  it('has real legal pages in both languages, and an edited one reaches the visitor with its date', async () => {
    const pt = await ctx.call('helpCenter', { query: { lang: 'pt' } });
    const en = await ctx.call('helpCenter', { query: { lang: 'en' } });
    const legal = pt.value.filter((s) => s.kind === 'legal');
    expect(legal.map((s) => s.section)).toEqual(['responsible', 'terms', 'privacy', 'complaints', 'licence']);
    for (const s of [...legal, ...en.value.filter((x) => x.kind === 'legal')])
      expect([s.section, s.content.length > 400]).toEqual([s.section, true]);
    expect(pt.value.find((s) => s.section === 'terms')?.content).toContain('dinheiro fictício');
    expect(en.value.find((s) => s.section === 'licence')?.content).toContain('holds no betting licence');

    const pages = await ctx.call('adminPages', { token: tokens.content, query: {} });
    const terms = pages.value.find((p) => p.code === 'terms')!;
    expect(terms.edited).toBe(false);
    now += 60_000;
    const saved = await ctx.call('savePage', {
      token: tokens.content,
      body: {
        id: terms.id,
        code: 'terms',
        kind: 'legal',
        title: { pt: 'Termos de uso', en: 'Terms of use' },
        body: {
          pt: '<h3>1. O serviço</h3><p>Texto revisado.</p><script>alert(1)</script>',
          en: '<h3>1. The service</h3><p>Revised text.</p>',
        },
        reason: 'Revisão jurídica',
      },
    });
    expect(saved.value).toMatchObject({ edited: true, title: { pt: 'Termos de uso', en: 'Terms of use' } });
    expect(saved.value.body.pt).toBe('<h3>1. O serviço</h3><p>Texto revisado.</p>');
    const read = (await ctx.call('helpCenter', { query: { lang: 'en' } })).value.find(
      (s) => s.section === 'terms',
    );
    expect(read).toMatchObject({
      title: 'Terms of use',
      content: '<h3>1. The service</h3><p>Revised text.</p>',
    });
    expect(read!.updatedAt).toBeGreaterThan(terms.updatedAt);
    const [row] = await auditRows('page_update', 'page terms');
    expect(row!.detail).toMatchObject({
      reason: 'Revisão jurídica',
      before: { title_pt: 'Termos e condições' },
      after: { title_pt: 'Termos de uso', body: { en: '<h3>1. The service</h3><p>Revised text.</p>' } },
    });

    // A page's code is its address: fixed once made, and never twice.
    const renamed = await ctx.call('savePage', {
      token: tokens.content,
      body: { ...saved.value, code: 'rules', reason } as never,
    });
    expect(renamed.code).toBe('CONTENT_PAGE_CODE_FIXED');
    const twice = await ctx.call('savePage', {
      token: tokens.content,
      body: { code: 'terms', kind: 'help', title: { pt: 'x', en: 'x' }, body: { pt: 'x', en: 'x' }, reason },
    });
    expect(twice.code).toBe('CONTENT_PAGE_CODE_TAKEN');
    expect(
      (
        await ctx.call('savePage', {
          token: tokens.content,
          body: {
            code: 'Bad Code!',
            kind: 'help',
            title: { pt: 'x', en: 'x' },
            body: { pt: 'x', en: 'x' },
            reason,
          },
        })
      ).code,
    ).toBe('VALIDATION_FAILED');
  });

  it('adds a help page, orders the pages and switches one off for visitors', async () => {
    const added = await ctx.call('savePage', {
      token: tokens.content,
      body: {
        code: 'faq-bonus',
        kind: 'help',
        title: { pt: 'Bônus', en: 'Bonuses' },
        body: { pt: '<p>Como funcionam os bônus.</p>', en: '<p>How bonuses work.</p>' },
        reason,
        requestId: requestId(),
      },
    });
    expect(added.code).toBe('OK');
    const sections = async () =>
      (await ctx.call('helpCenter', { query: { lang: 'pt' } })).value.map((s) => s.section);
    expect((await sections()).at(-1)).toBe('faq-bonus');
    const ids = (await ctx.call('adminPages', { token: tokens.content, query: {} })).value.map((p) => p.id);
    const first = [added.value.id, ...ids.filter((id) => id !== added.value.id)];
    await ctx.call('orderPages', { token: tokens.content, body: { ids: first, reason } });
    expect((await sections())[0]).toBe('faq-bonus');
    await ctx.call('setPageState', {
      token: tokens.content,
      body: { id: added.value.id, state: 'off', reason },
    });
    expect(await sections()).not.toContain('faq-bonus');
  });
});
