import { z } from 'zod';
import { epochMillis, int32Id } from './common';
import { bannerGroup, execution } from './content';

/**
 * The site's content in the back office (issue 27, item 5): banners per group, announcements (notices,
 * popups of execution A, B or F, promotions, the agents' notices) and the help and legal pages, each in
 * every language of the site, with a schedule the site keeps by the server's clock. Every change needs
 * 'content.manage', is confirmed with a reason and writes its audit row (before, after) with it. Rich text
 * is sanitized by the server when saved (server/modules/content/rich-text.ts) and by the page when shown.
 */

/** A picture an operator uploads: png, jpg or webp (read from its bytes), 2 MB at most. */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CONTENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Longest texts: a title, a subtitle, an announcement's body, a page's body (per language). */
export const CONTENT_LIMITS = { title: 120, subtitle: 200, announcement: 20_000, page: 100_000 } as const;

const reason = z.string().trim().min(3).max(200);
const requestId = z.string().trim().min(8).max(64).optional();

/** A text in both languages of the site, both required. */
const localized = (max: number) =>
  z.object({ pt: z.string().trim().min(1).max(max), en: z.string().trim().min(1).max(max) });
export type LocalizedPair = { pt: string; en: string };

/** Where a "See more" leads: an in-site path, an outside https address, or a promotion (its id). */
export const linkageType = z.enum(['route', 'url', 'promotion']);
export type LinkageType = z.infer<typeof linkageType>;

/**
 * How an item stands by the server's clock now: 'live' on the site, 'scheduled' (its window has not
 * opened), 'ended' (closed), 'off' (switched off), 'archived'.
 */
export const contentStanding = z.enum(['live', 'scheduled', 'ended', 'off', 'archived']);
export type ContentStanding = z.infer<typeof contentStanding>;

const schedule = {
  /** Shown from (null: at once) until (null: no end), epoch milliseconds. */
  startsAt: epochMillis.nullable(),
  endsAt: epochMillis.nullable(),
};

/** Switch on, switch off, archive (off the site and the lists), or restore from the archive (off). */
export const contentState = z.enum(['on', 'off', 'archived', 'restored']);
export type ContentState = z.infer<typeof contentState>;

export const contentStateBody = z.object({ id: int32Id, state: contentState, reason, requestId });
export const listArchivedQuery = z.object({ archived: z.enum(['0', '1']).default('0') });

// Banners.

export const adminBanner = z.object({
  id: z.number().int(),
  groupName: bannerGroup,
  imageUrl: z.string(),
  title: z.object({ pt: z.string(), en: z.string() }),
  subtitle: z.object({ pt: z.string(), en: z.string() }).nullable(),
  linkageType: linkageType.nullable(),
  linkageTarget: z.string().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  archived: z.boolean(),
  ...schedule,
  standing: contentStanding,
  updatedAt: epochMillis,
});
export type AdminBanner = z.infer<typeof adminBanner>;

export const adminBannersQuery = listArchivedQuery.extend({ group: bannerGroup.optional() });

export const saveBannerBody = z.object({
  /** Absent: a new banner, last of its group. */
  id: int32Id.optional(),
  groupName: bannerGroup,
  /** A picture uploaded for the brand (`/api/content/media/…`) or one of the site's own (`/art/…`). */
  imageUrl: z.string().trim().min(1).max(300),
  title: localized(CONTENT_LIMITS.title),
  subtitle: localized(CONTENT_LIMITS.subtitle).nullable().default(null),
  linkageType: linkageType.nullable().default(null),
  linkageTarget: z.string().trim().max(300).nullable().default(null),
  active: z.boolean().default(true),
  ...schedule,
  reason,
  requestId,
});
export type SaveBannerBody = z.input<typeof saveBannerBody>;

/** A group's banners in their new order: every banner of the group that is not archived, once. */
export const orderBannersBody = z.object({
  groupName: bannerGroup,
  ids: z.array(int32Id).min(1).max(200),
  reason,
  requestId,
});

// Announcements.

/** 'notice' (the home's scrolling bar), 'popup', 'promotion' (the promotions page), 'agent' (the agent centre). */
export const announcementKind = z.enum(['notice', 'popup', 'promotion', 'agent']);
export type AnnouncementKind = z.infer<typeof announcementKind>;

export const adminAnnouncement = z.object({
  id: z.number().int(),
  kind: announcementKind,
  /** Popups: A members, B guests, F a member's first login (spec 4.7). */
  execution: execution.nullable(),
  title: z.object({ pt: z.string(), en: z.string() }),
  content: z.object({ pt: z.string(), en: z.string() }),
  promotionType: z.string().nullable(),
  /** A promotion's picture. */
  imageUrl: z.string().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  archived: z.boolean(),
  /** An announcement always has a start: it is the date the site shows beside its title. */
  startsAt: epochMillis,
  endsAt: epochMillis.nullable(),
  standing: contentStanding,
  updatedAt: epochMillis,
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

export const adminAnnouncementsQuery = listArchivedQuery.extend({ kind: announcementKind.optional() });

export const saveAnnouncementBody = z.object({
  id: int32Id.optional(),
  kind: announcementKind,
  execution: execution.nullable().default(null),
  title: localized(CONTENT_LIMITS.title),
  content: localized(CONTENT_LIMITS.announcement),
  promotionType: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .nullable()
    .default(null),
  imageUrl: z.string().trim().min(1).max(300).nullable().default(null),
  active: z.boolean().default(true),
  /** Null: now. */
  startsAt: epochMillis.nullable(),
  endsAt: epochMillis.nullable(),
  reason,
  requestId,
});
export type SaveAnnouncementBody = z.input<typeof saveAnnouncementBody>;

export const orderAnnouncementsBody = z.object({
  kind: announcementKind,
  ids: z.array(int32Id).min(1).max(200),
  reason,
  requestId,
});

// Help and legal pages.

export const pageKind = z.enum(['help', 'legal']);
export type PageKind = z.infer<typeof pageKind>;
export const pageCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,39}$/);

export const adminPage = z.object({
  id: z.number().int(),
  /** Its anchor on /help (`/help#terms`). */
  code: z.string(),
  kind: pageKind,
  title: z.object({ pt: z.string(), en: z.string() }),
  body: z.object({ pt: z.string(), en: z.string() }),
  sortOrder: z.number().int(),
  active: z.boolean(),
  archived: z.boolean(),
  standing: contentStanding,
  updatedAt: epochMillis,
  /** Saved by an operator at least once (false: still the text the installation wrote). */
  edited: z.boolean(),
});
export type AdminPage = z.infer<typeof adminPage>;

export const savePageBody = z.object({
  id: int32Id.optional(),
  /** Set once, when the page is made; its links depend on it. */
  code: pageCode,
  kind: pageKind,
  title: localized(CONTENT_LIMITS.title),
  body: localized(CONTENT_LIMITS.page),
  active: z.boolean().default(true),
  reason,
  requestId,
});
export type SavePageBody = z.input<typeof savePageBody>;

export const orderPagesBody = z.object({ ids: z.array(int32Id).min(1).max(200), reason, requestId });

/** A picture uploaded: where the site reads it, and what it is. */
export const contentImage = z.object({
  url: z.string(),
  mime: z.enum(CONTENT_IMAGE_TYPES),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ContentImage = z.infer<typeof contentImage>;
