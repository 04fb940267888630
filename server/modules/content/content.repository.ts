import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { announcementImages, announcements, banners, liveModels } from './content.tables';

export type AnnouncementRow = typeof announcements.$inferSelect;

export class ContentRepository {
  constructor(private readonly db: Database) {}

  banners(brandId: number, groups: string[] | null) {
    const filters = [
      eq(banners.brandId, brandId),
      eq(banners.active, true),
      or(isNull(banners.startsAt), lte(banners.startsAt, sql`now()`)),
      or(isNull(banners.endsAt), gt(banners.endsAt, sql`now()`)),
    ];
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
          inArray(announcements.kind, kinds),
          lte(announcements.startsAt, sql`now()`),
          or(isNull(announcements.endsAt), gt(announcements.endsAt, sql`now()`)),
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

  liveModels(brandId: number) {
    return this.db
      .select()
      .from(liveModels)
      .where(eq(liveModels.brandId, brandId))
      .orderBy(asc(liveModels.sortOrder), asc(liveModels.id));
  }
}
