import type { BannerGroup, Execution } from '../../../src/api/contract/content';
import type {
  AdminAnnouncement,
  AdminBanner,
  AdminPage,
  AnnouncementKind,
  ContentImage,
  ContentStanding,
  ContentState,
  LinkageType,
  LocalizedPair,
  PageKind,
} from '../../../src/api/contract/content-admin';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { WithAudit } from '../backoffice/audit-port';
import type { OperatorContext } from '../backoffice/backoffice.service';
import type {
  AnnouncementRow,
  BannerRow,
  ContentRepository,
  PageRow,
  StatePatch,
} from './content.repository';
import { checkedImage, mediaUrl, parseImageUrl } from './content-images';
import { hasContent, sanitizeRichText } from './rich-text';

/** What the content module's back office needs of the back-office module: its audit port and the permission check. */
export interface ContentBackoffice {
  withAudit(ctx: OperatorContext): WithAudit;
  require(ctx: OperatorContext, permission: 'content.manage'): void;
}

type Localized = Record<string, string>;
const pair = (text: Localized | null | undefined): LocalizedPair => ({
  pt: text?.pt ?? '',
  en: text?.en ?? '',
});
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
const date = (millis: number | null | undefined) =>
  millis === null || millis === undefined ? null : new Date(millis);

/** How an item stands now by the server's clock. */
export function standingOf(
  row: { active: boolean; archivedAt: Date | null; startsAt?: Date | null; endsAt?: Date | null },
  now: Date,
): ContentStanding {
  if (row.archivedAt) return 'archived';
  if (!row.active) return 'off';
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'ended';
  return 'live';
}

function checkSchedule(startsAt: number | null, endsAt: number | null) {
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
    throw new AppError('CONTENT_SCHEDULE_INVALID');
}

/** A state change as written: switched on or off, archived (and off the site), restored (off). */
function statePatch(state: ContentState, row: { active: boolean; archivedAt: Date | null }, now: Date) {
  switch (state) {
    case 'on':
    case 'off':
      if (row.archivedAt) throw new AppError('CONTENT_ARCHIVED');
      return { active: state === 'on', archivedAt: null };
    case 'archived':
      return row.archivedAt ? null : { active: row.active, archivedAt: now };
    case 'restored':
      return row.archivedAt ? { active: false, archivedAt: null } : null;
  }
}

const STATE_ACTION: Record<ContentState, string> = {
  on: 'on',
  off: 'off',
  archived: 'archive',
  restored: 'restore',
};

/** The ids of a list in a new order: each of `current` exactly once. */
function checkOrder(current: number[], ids: number[]) {
  const wanted = new Set(current);
  if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !wanted.has(id)))
    throw new AppError('CONTENT_ORDER_INVALID');
}

/**
 * The site's content in the back office (issue 27, item 5): banners per group with their picture, link
 * and schedule; notices, popups (execution A, B, F), promotions and the agents' notices; the help and
 * legal pages. Every change needs 'content.manage', reads the item locked, and writes its audit row
 * (reason, before, after) in the same transaction. Rich text is sanitized here before it is stored.
 */
export class ContentAdmin {
  constructor(
    private readonly repo: ContentRepository,
    private readonly backoffice: ContentBackoffice,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private audit(ctx: OperatorContext) {
    return this.backoffice.withAudit(ctx);
  }

  /** Runs a change with its audit row in one transaction. */
  private change<T>(
    ctx: OperatorContext,
    work: (repo: ContentRepository, audit: (record: Parameters<WithAudit>[1]) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    this.backoffice.require(ctx, 'content.manage');
    const withAudit = this.audit(ctx);
    return this.repo.transaction((repo, tx: Database) => work(repo, (record) => withAudit(tx, record)));
  }

  /** A picture for a banner or promotion must be one of the brand's uploads, or the site's own art. */
  private async checkImage(ctx: OperatorContext, url: string) {
    const parsed = parseImageUrl(url);
    if (!parsed) throw new AppError('CONTENT_IMAGE_UNKNOWN');
    if (parsed.kind === 'media' && !(await this.repo.hasImage(ctx.brand.id, parsed.sha256)))
      throw new AppError('CONTENT_IMAGE_UNKNOWN');
  }

  private async sanitized(text: LocalizedPair): Promise<LocalizedPair> {
    const [pt, en] = await Promise.all([sanitizeRichText(text.pt), sanitizeRichText(text.en)]);
    if (!hasContent(pt) || !hasContent(en)) throw new AppError('CONTENT_TEXT_EMPTY');
    return { pt, en };
  }

  // Pictures.

  /** Stores an uploaded picture (png, jpg or webp by its bytes, 2 MB) and answers where the site reads it. */
  async uploadImage(ctx: OperatorContext, files: Buffer[]): Promise<ContentImage> {
    this.backoffice.require(ctx, 'content.manage');
    const image = checkedImage(files);
    const view: ContentImage = {
      url: mediaUrl(image.sha256, image.mime),
      mime: image.mime,
      size: image.data.length,
      width: image.width,
      height: image.height,
    };
    await this.change(ctx, async (repo, audit) => {
      const added = await repo.addImage({
        brandId: ctx.brand.id,
        sha256: image.sha256,
        mime: image.mime,
        size: image.data.length,
        width: image.width,
        height: image.height,
        data: image.data,
        createdBy: ctx.operator.id,
      });
      // The same bytes again are the same picture: nothing new to record.
      if (added) await audit({ action: 'content_image_upload', target: view.url, after: view });
    });
    return view;
  }

  // Banners.

  private bannerView(row: BannerRow, now = this.clock()): AdminBanner {
    return {
      id: row.id,
      groupName: row.groupName as BannerGroup,
      imageUrl: row.imageUrl,
      title: pair(row.title),
      subtitle: row.subtitle ? pair(row.subtitle) : null,
      linkageType: (row.linkageType as LinkageType | null) ?? null,
      linkageTarget: row.linkageTarget,
      sortOrder: row.sortOrder,
      active: row.active,
      archived: row.archivedAt !== null,
      startsAt: ms(row.startsAt),
      endsAt: ms(row.endsAt),
      standing: standingOf(row, now),
      updatedAt: row.updatedAt.getTime(),
    };
  }

  /** A banner as the audit trail keeps it. */
  private bannerRecord(row: BannerRow) {
    return {
      group: row.groupName,
      image: row.imageUrl,
      title_pt: row.title.pt ?? '',
      title_en: row.title.en ?? '',
      subtitle: row.subtitle ? pair(row.subtitle) : null,
      link: row.linkageType ? `${row.linkageType} ${row.linkageTarget ?? ''}`.trim() : null,
      active: row.active,
      archived: row.archivedAt !== null,
      starts: iso(row.startsAt),
      ends: iso(row.endsAt),
      order: row.sortOrder,
    };
  }

  async banners(ctx: OperatorContext, query: { group?: BannerGroup | undefined; archived: '0' | '1' }) {
    this.backoffice.require(ctx, 'content.manage');
    const now = this.clock();
    const rows = await this.repo.listBanners(ctx.brand.id, {
      group: query.group,
      archived: query.archived === '1',
    });
    return rows.map((r) => this.bannerView(r, now));
  }

  private async checkLink(ctx: OperatorContext, type: LinkageType | null, target: string | null) {
    if (type === null) return { linkageType: null, linkageTarget: null };
    const value = (target ?? '').trim();
    const valid =
      type === 'route'
        ? /^\/(?!\/)[^\s\\]*$/.test(value)
        : type === 'url'
          ? isHttpsUrl(value)
          : /^[1-9][0-9]{0,9}$/.test(value) &&
            Number(value) <= 2_147_483_647 &&
            (await this.repo.listAnnouncements(ctx.brand.id, { kind: 'promotion', archived: false })).some(
              (p) => p.id === Number(value),
            );
    if (!valid) throw new AppError('CONTENT_LINK_INVALID');
    return { linkageType: type, linkageTarget: value };
  }

  async saveBanner(
    ctx: OperatorContext,
    body: {
      id?: number | undefined;
      groupName: BannerGroup;
      imageUrl: string;
      title: LocalizedPair;
      subtitle: LocalizedPair | null;
      linkageType: LinkageType | null;
      linkageTarget: string | null;
      active: boolean;
      startsAt: number | null;
      endsAt: number | null;
      reason: string;
      requestId?: string | undefined;
    },
  ): Promise<AdminBanner> {
    this.backoffice.require(ctx, 'content.manage');
    checkSchedule(body.startsAt, body.endsAt);
    await this.checkImage(ctx, body.imageUrl);
    const link = await this.checkLink(ctx, body.linkageType, body.linkageTarget);
    const values = {
      groupName: body.groupName,
      imageUrl: body.imageUrl,
      title: { ...body.title },
      subtitle: body.subtitle ? { ...body.subtitle } : null,
      ...link,
      active: body.active,
      startsAt: date(body.startsAt),
      endsAt: date(body.endsAt),
    };
    const brandId = ctx.brand.id;
    const row = await this.change(ctx, async (repo, audit) => {
      if (body.id === undefined) {
        const requestId = body.requestId ?? null;
        const replayed = requestId ? await repo.bannerByRequest(brandId, requestId) : undefined;
        if (replayed) return replayed;
        const created = await repo.insertBanner(brandId, values, requestId);
        if (!created) return (await repo.bannerByRequest(brandId, requestId!))!;
        await audit({
          action: 'banner_create',
          target: `banner #${created.id} (${created.groupName})`,
          reason: body.reason,
          after: this.bannerRecord(created),
        });
        return created;
      }
      const before = await repo.bannerForUpdate(brandId, body.id);
      if (!before) throw new AppError('CONTENT_NOT_FOUND');
      if (before.archivedAt) throw new AppError('CONTENT_ARCHIVED');
      const moved = before.groupName !== values.groupName;
      const after = await repo.updateBanner(brandId, body.id, {
        ...values,
        ...(moved ? { sortOrder: await repo.nextBannerOrder(brandId, values.groupName) } : {}),
      });
      await audit({
        action: 'banner_update',
        target: `banner #${after.id} (${after.groupName})`,
        reason: body.reason,
        before: this.bannerRecord(before),
        after: this.bannerRecord(after),
      });
      return after;
    });
    return this.bannerView(row);
  }

  async setBannerState(ctx: OperatorContext, body: { id: number; state: ContentState; reason: string }) {
    const now = this.clock();
    const row = await this.change(ctx, async (repo, audit) => {
      const before = await repo.bannerForUpdate(ctx.brand.id, body.id);
      if (!before) throw new AppError('CONTENT_NOT_FOUND');
      const patch: (StatePatch & { sortOrder?: number }) | null = statePatch(body.state, before, now);
      if (!patch) return before;
      if (body.state === 'restored')
        patch.sortOrder = await repo.nextBannerOrder(ctx.brand.id, before.groupName);
      const after = await repo.updateBanner(ctx.brand.id, body.id, patch);
      await audit({
        action: `banner_${STATE_ACTION[body.state]}`,
        target: `banner #${after.id} (${after.groupName})`,
        reason: body.reason,
        before: { active: before.active, archived: before.archivedAt !== null },
        after: { active: after.active, archived: after.archivedAt !== null },
      });
      return after;
    });
    return this.bannerView(row, now);
  }

  async orderBanners(ctx: OperatorContext, body: { groupName: BannerGroup; ids: number[]; reason: string }) {
    const now = this.clock();
    await this.change(ctx, async (repo, audit) => {
      const current = (await repo.groupBannersForUpdate(ctx.brand.id, body.groupName)).map((r) => r.id);
      checkOrder(current, body.ids);
      await repo.orderBanners(ctx.brand.id, body.ids);
      await audit({
        action: 'banner_order',
        target: body.groupName,
        reason: body.reason,
        before: { order: current.join(', ') },
        after: { order: body.ids.join(', ') },
      });
    });
    const rows = await this.repo.listBanners(ctx.brand.id, { group: body.groupName, archived: false });
    return rows.map((r) => this.bannerView(r, now));
  }

  // Announcements.

  private announcementView(
    row: AnnouncementRow,
    image: string | null,
    now = this.clock(),
  ): AdminAnnouncement {
    return {
      id: row.id,
      kind: row.kind as AnnouncementKind,
      execution: (row.execution as Execution | null) ?? null,
      title: pair(row.title),
      content: pair(row.content),
      promotionType: row.promotionType,
      imageUrl: image,
      sortOrder: row.sortOrder,
      active: row.active,
      archived: row.archivedAt !== null,
      startsAt: row.startsAt.getTime(),
      endsAt: ms(row.endsAt),
      standing: standingOf(row, now),
      updatedAt: row.updatedAt.getTime(),
    };
  }

  private announcementRecord(row: AnnouncementRow, image: string | null) {
    return {
      kind: row.kind,
      execution: row.execution,
      title_pt: row.title.pt ?? '',
      title_en: row.title.en ?? '',
      content: pair(row.content),
      promotion_type: row.promotionType,
      image,
      active: row.active,
      archived: row.archivedAt !== null,
      starts: iso(row.startsAt),
      ends: iso(row.endsAt),
      order: row.sortOrder,
    };
  }

  async announcements(
    ctx: OperatorContext,
    query: { kind?: AnnouncementKind | undefined; archived: '0' | '1' },
  ): Promise<AdminAnnouncement[]> {
    this.backoffice.require(ctx, 'content.manage');
    const now = this.clock();
    const rows = await this.repo.listAnnouncements(ctx.brand.id, {
      kind: query.kind,
      archived: query.archived === '1',
    });
    const images = await this.repo.firstImages(rows.filter((r) => r.kind === 'promotion').map((r) => r.id));
    return rows.map((r) => this.announcementView(r, images.get(r.id) ?? null, now));
  }

  async saveAnnouncement(
    ctx: OperatorContext,
    body: {
      id?: number | undefined;
      kind: AnnouncementKind;
      execution: Execution | null;
      title: LocalizedPair;
      content: LocalizedPair;
      promotionType: string | null;
      imageUrl: string | null;
      active: boolean;
      startsAt: number | null;
      endsAt: number | null;
      reason: string;
      requestId?: string | undefined;
    },
  ): Promise<AdminAnnouncement> {
    this.backoffice.require(ctx, 'content.manage');
    const now = this.clock();
    const startsAt = body.startsAt ?? now.getTime();
    checkSchedule(startsAt, body.endsAt);
    if (body.kind === 'popup' && !body.execution) throw new AppError('CONTENT_EXECUTION_REQUIRED');
    const promotion = body.kind === 'promotion';
    const image = promotion ? body.imageUrl : null;
    if (image) await this.checkImage(ctx, image);
    const content = await this.sanitized(body.content);
    const values = {
      kind: body.kind,
      execution: body.kind === 'popup' ? body.execution : null,
      title: { ...body.title },
      content: { ...content },
      promotionType: promotion ? body.promotionType : null,
      active: body.active,
      startsAt: new Date(startsAt),
      endsAt: date(body.endsAt),
    };
    const brandId = ctx.brand.id;
    const [row, picture] = await this.change(ctx, async (repo, audit) => {
      if (body.id === undefined) {
        const requestId = body.requestId ?? null;
        const replayed = requestId ? await repo.announcementByRequest(brandId, requestId) : undefined;
        if (replayed)
          return [replayed, (await repo.firstImages([replayed.id])).get(replayed.id) ?? null] as const;
        const created = await repo.insertAnnouncement(brandId, values, requestId);
        if (!created) {
          const existing = (await repo.announcementByRequest(brandId, requestId!))!;
          return [existing, (await repo.firstImages([existing.id])).get(existing.id) ?? null] as const;
        }
        if (image) await repo.setPromotionImage(created.id, image);
        await audit({
          action: 'announcement_create',
          target: `${created.kind} #${created.id}`,
          reason: body.reason,
          after: this.announcementRecord(created, image),
        });
        return [created, image] as const;
      }
      const before = await repo.announcementForUpdate(brandId, body.id);
      if (!before) throw new AppError('CONTENT_NOT_FOUND');
      if (before.archivedAt) throw new AppError('CONTENT_ARCHIVED');
      const imageBefore = (await repo.firstImages([before.id])).get(before.id) ?? null;
      const moved = before.kind !== values.kind;
      const after = await repo.updateAnnouncement(brandId, body.id, {
        ...values,
        ...(moved ? { sortOrder: await repo.nextAnnouncementOrder(brandId, values.kind) } : {}),
      });
      if (image !== imageBefore) await repo.setPromotionImage(after.id, image);
      await audit({
        action: 'announcement_update',
        target: `${after.kind} #${after.id}`,
        reason: body.reason,
        before: this.announcementRecord(before, imageBefore),
        after: this.announcementRecord(after, image),
      });
      return [after, image] as const;
    });
    return this.announcementView(row, picture, now);
  }

  async setAnnouncementState(
    ctx: OperatorContext,
    body: { id: number; state: ContentState; reason: string },
  ) {
    const now = this.clock();
    const row = await this.change(ctx, async (repo, audit) => {
      const before = await repo.announcementForUpdate(ctx.brand.id, body.id);
      if (!before) throw new AppError('CONTENT_NOT_FOUND');
      const patch: (StatePatch & { sortOrder?: number }) | null = statePatch(body.state, before, now);
      if (!patch) return before;
      if (body.state === 'restored')
        patch.sortOrder = await repo.nextAnnouncementOrder(ctx.brand.id, before.kind);
      const after = await repo.updateAnnouncement(ctx.brand.id, body.id, patch);
      await audit({
        action: `announcement_${STATE_ACTION[body.state]}`,
        target: `${after.kind} #${after.id}`,
        reason: body.reason,
        before: { active: before.active, archived: before.archivedAt !== null },
        after: { active: after.active, archived: after.archivedAt !== null },
      });
      return after;
    });
    const image = (await this.repo.firstImages([row.id])).get(row.id) ?? null;
    return this.announcementView(row, row.kind === 'promotion' ? image : null, now);
  }

  async orderAnnouncements(
    ctx: OperatorContext,
    body: { kind: AnnouncementKind; ids: number[]; reason: string },
  ) {
    await this.change(ctx, async (repo, audit) => {
      const current = (await repo.kindAnnouncementsForUpdate(ctx.brand.id, body.kind)).map((r) => r.id);
      checkOrder(current, body.ids);
      await repo.orderAnnouncements(ctx.brand.id, body.ids);
      await audit({
        action: 'announcement_order',
        target: body.kind,
        reason: body.reason,
        before: { order: current.join(', ') },
        after: { order: body.ids.join(', ') },
      });
    });
    return this.announcements(ctx, { kind: body.kind, archived: '0' });
  }

  // Help and legal pages.

  private pageView(row: PageRow): AdminPage {
    return {
      id: row.id,
      code: row.code,
      kind: row.kind as PageKind,
      title: pair(row.title),
      body: pair(row.body),
      sortOrder: row.sortOrder,
      active: row.active,
      archived: row.archivedAt !== null,
      standing: standingOf(row, this.clock()),
      updatedAt: row.updatedAt.getTime(),
      edited: row.updatedBy !== null,
    };
  }

  private pageRecord(row: PageRow) {
    return {
      code: row.code,
      kind: row.kind,
      title_pt: row.title.pt ?? '',
      title_en: row.title.en ?? '',
      body: pair(row.body),
      active: row.active,
      archived: row.archivedAt !== null,
      order: row.sortOrder,
    };
  }

  async pages(ctx: OperatorContext, query: { archived: '0' | '1' }): Promise<AdminPage[]> {
    this.backoffice.require(ctx, 'content.manage');
    const rows = await this.repo.listPages(ctx.brand.id, { archived: query.archived === '1' });
    return rows.map((r) => this.pageView(r));
  }

  async savePage(
    ctx: OperatorContext,
    body: {
      id?: number | undefined;
      code: string;
      kind: PageKind;
      title: LocalizedPair;
      body: LocalizedPair;
      active: boolean;
      reason: string;
      requestId?: string | undefined;
    },
  ): Promise<AdminPage> {
    this.backoffice.require(ctx, 'content.manage');
    const text = await this.sanitized(body.body);
    const values = {
      code: body.code,
      kind: body.kind,
      title: { ...body.title },
      body: { ...text },
      active: body.active,
      updatedBy: ctx.operator.id,
    };
    const brandId = ctx.brand.id;
    const row = await this.change(ctx, async (repo, audit) => {
      if (body.id === undefined) {
        const requestId = body.requestId ?? null;
        const replayed = requestId ? await repo.pageByRequest(brandId, requestId) : undefined;
        if (replayed) return replayed;
        if (await repo.pageByCode(brandId, body.code)) throw new AppError('CONTENT_PAGE_CODE_TAKEN');
        const created = await repo.insertPage(brandId, values, requestId);
        if (!created) {
          const existing = requestId ? await repo.pageByRequest(brandId, requestId) : undefined;
          if (existing) return existing;
          throw new AppError('CONTENT_PAGE_CODE_TAKEN');
        }
        await audit({
          action: 'page_create',
          target: `page ${created.code}`,
          reason: body.reason,
          after: this.pageRecord(created),
        });
        return created;
      }
      const before = await repo.pageForUpdate(brandId, body.id);
      if (!before) throw new AppError('CONTENT_NOT_FOUND');
      if (before.archivedAt) throw new AppError('CONTENT_ARCHIVED');
      if (before.code !== body.code) throw new AppError('CONTENT_PAGE_CODE_FIXED');
      const after = await repo.updatePage(brandId, body.id, values);
      await audit({
        action: 'page_update',
        target: `page ${after.code}`,
        reason: body.reason,
        before: this.pageRecord(before),
        after: this.pageRecord(after),
      });
      return after;
    });
    return this.pageView(row);
  }

  async setPageState(ctx: OperatorContext, body: { id: number; state: ContentState; reason: string }) {
    const now = this.clock();
    const row = await this.change(ctx, async (repo, audit) => {
      const before = await repo.pageForUpdate(ctx.brand.id, body.id);
      if (!before) throw new AppError('CONTENT_NOT_FOUND');
      const patch: (StatePatch & { sortOrder?: number }) | null = statePatch(body.state, before, now);
      if (!patch) return before;
      if (body.state === 'restored') patch.sortOrder = await repo.nextPageOrder(ctx.brand.id);
      const after = await repo.updatePage(ctx.brand.id, body.id, { ...patch, updatedBy: ctx.operator.id });
      await audit({
        action: `page_${STATE_ACTION[body.state]}`,
        target: `page ${after.code}`,
        reason: body.reason,
        before: { active: before.active, archived: before.archivedAt !== null },
        after: { active: after.active, archived: after.archivedAt !== null },
      });
      return after;
    });
    return this.pageView(row);
  }

  async orderPages(ctx: OperatorContext, body: { ids: number[]; reason: string }) {
    await this.change(ctx, async (repo, audit) => {
      const current = (await repo.pagesForUpdate(ctx.brand.id)).map((r) => r.id);
      checkOrder(current, body.ids);
      await repo.orderPages(ctx.brand.id, body.ids);
      await audit({
        action: 'page_order',
        target: 'pages',
        reason: body.reason,
        before: { order: current.join(', ') },
        after: { order: body.ids.join(', ') },
      });
    });
    return this.pages(ctx, { archived: '0' });
  }
}

function isHttpsUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}
