import { and, asc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  announcementImages,
  announcements,
  banners,
  contentImages,
  contentPages,
  liveModels,
} from './content.tables';

export type BannerRow = typeof banners.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type PageRow = typeof contentPages.$inferSelect;
export type BannerValues = Omit<typeof banners.$inferInsert, 'id' | 'brandId' | 'sortOrder' | 'requestId'>;
export type AnnouncementValues = Omit<
  typeof announcements.$inferInsert,
  'id' | 'brandId' | 'sortOrder' | 'requestId'
>;
export type PageValues = Omit<typeof contentPages.$inferInsert, 'id' | 'brandId' | 'sortOrder' | 'requestId'>;

/** Archived, switched on or off: what a state change writes. */
export type StatePatch = { active: boolean; archivedAt: Date | null };

/**
 * The content module's tables: banners, announcements and their pictures, the help and legal pages, the
 * pictures operators upload, live hosts. The site's reads return every item switched on and not
 * archived; the schedule is kept by the service with its clock, so these reads can be cached.
 */
export class ContentRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction, with this repository bound to it (a change and its audit row). */
  transaction<T>(work: (repo: ContentRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ContentRepository(tx), tx));
  }

  // The site's reads.

  banners(brandId: number, groups: string[] | null) {
    const filters = [eq(banners.brandId, brandId), eq(banners.active, true), isNull(banners.archivedAt)];
    if (groups) filters.push(inArray(banners.groupName, groups));
    return this.db
      .select()
      .from(banners)
      .where(and(...filters))
      .orderBy(asc(banners.sortOrder), asc(banners.id));
  }

  announcements(brandId: number, kinds: string[]) {
    return this.db
      .select()
      .from(announcements)
      .where(
        and(
          eq(announcements.brandId, brandId),
          eq(announcements.active, true),
          isNull(announcements.archivedAt),
          inArray(announcements.kind, kinds),
        ),
      )
      .orderBy(asc(announcements.sortOrder), asc(announcements.id));
  }

  images(announcementIds: number[]) {
    if (announcementIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(announcementImages)
      .where(inArray(announcementImages.announcementId, announcementIds))
      .orderBy(asc(announcementImages.sequence));
  }

  /** The help centre: pages switched on and not archived, in their order. */
  pages(brandId: number) {
    return this.db
      .select()
      .from(contentPages)
      .where(
        and(
          eq(contentPages.brandId, brandId),
          eq(contentPages.active, true),
          isNull(contentPages.archivedAt),
        ),
      )
      .orderBy(asc(contentPages.sortOrder), asc(contentPages.id));
  }

  liveModels(brandId: number) {
    return this.db
      .select()
      .from(liveModels)
      .where(eq(liveModels.brandId, brandId))
      .orderBy(asc(liveModels.sortOrder), asc(liveModels.id));
  }

  // Pictures.

  async image(brandId: number, sha256: string) {
    const [row] = await this.db
      .select({ mime: contentImages.mime, data: contentImages.data })
      .from(contentImages)
      .where(and(eq(contentImages.brandId, brandId), eq(contentImages.sha256, sha256)));
    return row;
  }

  async hasImage(brandId: number, sha256: string) {
    const [row] = await this.db
      .select({ id: contentImages.id })
      .from(contentImages)
      .where(and(eq(contentImages.brandId, brandId), eq(contentImages.sha256, sha256)));
    return row !== undefined;
  }

  /** Stores a picture once per brand (the same bytes again are the same picture); true when new. */
  async addImage(image: typeof contentImages.$inferInsert) {
    const added = await this.db
      .insert(contentImages)
      .values(image)
      .onConflictDoNothing({ target: [contentImages.brandId, contentImages.sha256] })
      .returning({ id: contentImages.id });
    return added.length > 0;
  }

  // Banners in the back office.

  listBanners(brandId: number, filter: { group?: string | undefined; archived: boolean }) {
    return this.db
      .select()
      .from(banners)
      .where(
        and(
          eq(banners.brandId, brandId),
          filter.group ? eq(banners.groupName, filter.group) : undefined,
          filter.archived ? isNotNull(banners.archivedAt) : isNull(banners.archivedAt),
        ),
      )
      .orderBy(asc(banners.groupName), asc(banners.sortOrder), asc(banners.id));
  }

  /** One banner, locked until the transaction ends (read it inside `transaction`). */
  async bannerForUpdate(brandId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(banners)
      .where(and(eq(banners.brandId, brandId), eq(banners.id, id)))
      .for('update');
    return row;
  }

  async bannerByRequest(brandId: number, requestId: string) {
    const [row] = await this.db
      .select()
      .from(banners)
      .where(and(eq(banners.brandId, brandId), eq(banners.requestId, requestId)));
    return row;
  }

  /** A new banner, last of its group; undefined when `requestId` already made one. */
  async insertBanner(brandId: number, values: BannerValues, requestId: string | null) {
    const [last] = await this.db
      .select({ n: max(banners.sortOrder) })
      .from(banners)
      .where(and(eq(banners.brandId, brandId), eq(banners.groupName, values.groupName)));
    const [row] = await this.db
      .insert(banners)
      .values({ ...values, brandId, requestId, sortOrder: (last?.n ?? -1) + 1 })
      .onConflictDoNothing({ target: [banners.brandId, banners.requestId] })
      .returning();
    return row;
  }

  async updateBanner(brandId: number, id: number, values: Partial<BannerValues> & { sortOrder?: number }) {
    const [row] = await this.db
      .update(banners)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(banners.brandId, brandId), eq(banners.id, id)))
      .returning();
    return row!;
  }

  /** A group's banners that are not archived, locked (a new order is checked against them). */
  groupBannersForUpdate(brandId: number, group: string) {
    return this.db
      .select()
      .from(banners)
      .where(and(eq(banners.brandId, brandId), eq(banners.groupName, group), isNull(banners.archivedAt)))
      .orderBy(asc(banners.sortOrder), asc(banners.id))
      .for('update');
  }

  async nextBannerOrder(brandId: number, group: string) {
    const [last] = await this.db
      .select({ n: max(banners.sortOrder) })
      .from(banners)
      .where(and(eq(banners.brandId, brandId), eq(banners.groupName, group), isNull(banners.archivedAt)));
    return (last?.n ?? -1) + 1;
  }

  async orderBanners(brandId: number, ids: number[]) {
    for (const [index, id] of ids.entries()) {
      await this.db
        .update(banners)
        .set({ sortOrder: index, updatedAt: sql`now()` })
        .where(and(eq(banners.brandId, brandId), eq(banners.id, id)));
    }
  }

  // Announcements in the back office.

  listAnnouncements(brandId: number, filter: { kind?: string | undefined; archived: boolean }) {
    return this.db
      .select()
      .from(announcements)
      .where(
        and(
          eq(announcements.brandId, brandId),
          filter.kind ? eq(announcements.kind, filter.kind) : undefined,
          filter.archived ? isNotNull(announcements.archivedAt) : isNull(announcements.archivedAt),
        ),
      )
      .orderBy(asc(announcements.kind), asc(announcements.sortOrder), asc(announcements.id));
  }

  async announcementForUpdate(brandId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.brandId, brandId), eq(announcements.id, id)))
      .for('update');
    return row;
  }

  async announcementByRequest(brandId: number, requestId: string) {
    const [row] = await this.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.brandId, brandId), eq(announcements.requestId, requestId)));
    return row;
  }

  async insertAnnouncement(brandId: number, values: AnnouncementValues, requestId: string | null) {
    const [last] = await this.db
      .select({ n: max(announcements.sortOrder) })
      .from(announcements)
      .where(and(eq(announcements.brandId, brandId), eq(announcements.kind, values.kind)));
    const [row] = await this.db
      .insert(announcements)
      .values({ ...values, brandId, requestId, sortOrder: (last?.n ?? -1) + 1 })
      .onConflictDoNothing({ target: [announcements.brandId, announcements.requestId] })
      .returning();
    return row;
  }

  async updateAnnouncement(
    brandId: number,
    id: number,
    values: Partial<AnnouncementValues> & { sortOrder?: number },
  ) {
    const [row] = await this.db
      .update(announcements)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(announcements.brandId, brandId), eq(announcements.id, id)))
      .returning();
    return row!;
  }

  kindAnnouncementsForUpdate(brandId: number, kind: string) {
    return this.db
      .select()
      .from(announcements)
      .where(
        and(
          eq(announcements.brandId, brandId),
          eq(announcements.kind, kind),
          isNull(announcements.archivedAt),
        ),
      )
      .orderBy(asc(announcements.sortOrder), asc(announcements.id))
      .for('update');
  }

  async nextAnnouncementOrder(brandId: number, kind: string) {
    const [last] = await this.db
      .select({ n: max(announcements.sortOrder) })
      .from(announcements)
      .where(
        and(
          eq(announcements.brandId, brandId),
          eq(announcements.kind, kind),
          isNull(announcements.archivedAt),
        ),
      );
    return (last?.n ?? -1) + 1;
  }

  async orderAnnouncements(brandId: number, ids: number[]) {
    for (const [index, id] of ids.entries()) {
      await this.db
        .update(announcements)
        .set({ sortOrder: index, updatedAt: sql`now()` })
        .where(and(eq(announcements.brandId, brandId), eq(announcements.id, id)));
    }
  }

  /** A promotion's picture: its first one, replaced (or removed with null). */
  async setPromotionImage(announcementId: number, url: string | null) {
    await this.db.delete(announcementImages).where(eq(announcementImages.announcementId, announcementId));
    if (url) await this.db.insert(announcementImages).values({ announcementId, sequence: 1, url });
  }

  /** The first picture of each announcement. */
  async firstImages(announcementIds: number[]) {
    const rows = await this.images(announcementIds);
    const first = new Map<number, string>();
    for (const r of rows) if (!first.has(r.announcementId)) first.set(r.announcementId, r.url);
    return first;
  }

  // Pages in the back office.

  listPages(brandId: number, filter: { archived: boolean }) {
    return this.db
      .select()
      .from(contentPages)
      .where(
        and(
          eq(contentPages.brandId, brandId),
          filter.archived ? isNotNull(contentPages.archivedAt) : isNull(contentPages.archivedAt),
        ),
      )
      .orderBy(asc(contentPages.sortOrder), asc(contentPages.id));
  }

  async pageForUpdate(brandId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.brandId, brandId), eq(contentPages.id, id)))
      .for('update');
    return row;
  }

  async pageByCode(brandId: number, code: string) {
    const [row] = await this.db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.brandId, brandId), eq(contentPages.code, code)));
    return row;
  }

  async pageByRequest(brandId: number, requestId: string) {
    const [row] = await this.db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.brandId, brandId), eq(contentPages.requestId, requestId)));
    return row;
  }

  /** A new page, last; undefined when its code or `requestId` is already taken. */
  async insertPage(brandId: number, values: PageValues, requestId: string | null) {
    const [last] = await this.db
      .select({ n: max(contentPages.sortOrder) })
      .from(contentPages)
      .where(eq(contentPages.brandId, brandId));
    const [row] = await this.db
      .insert(contentPages)
      .values({ ...values, brandId, requestId, sortOrder: (last?.n ?? -1) + 1 })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async updatePage(brandId: number, id: number, values: Partial<PageValues> & { sortOrder?: number }) {
    const [row] = await this.db
      .update(contentPages)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(contentPages.brandId, brandId), eq(contentPages.id, id)))
      .returning();
    return row!;
  }

  pagesForUpdate(brandId: number) {
    return this.db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.brandId, brandId), isNull(contentPages.archivedAt)))
      .orderBy(asc(contentPages.sortOrder), asc(contentPages.id))
      .for('update');
  }

  async nextPageOrder(brandId: number) {
    const [last] = await this.db
      .select({ n: max(contentPages.sortOrder) })
      .from(contentPages)
      .where(and(eq(contentPages.brandId, brandId), isNull(contentPages.archivedAt)));
    return (last?.n ?? -1) + 1;
  }

  async orderPages(brandId: number, ids: number[]) {
    for (const [index, id] of ids.entries()) {
      await this.db
        .update(contentPages)
        .set({ sortOrder: index, updatedAt: sql`now()` })
        .where(and(eq(contentPages.brandId, brandId), eq(contentPages.id, id)));
    }
  }
}
