import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands, type LocalizedText } from '../brand/brand.tables';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    imageUrl: text('image_url').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    subtitle: jsonb('subtitle').$type<LocalizedText>(),
    /** When set, the banner shows 'See more': 'route' (in-site path), 'url' (external) or 'promotion'. */
    linkageType: text('linkage_type'),
    linkageTarget: text('linkage_target'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Archived by an operator: off the site and the back office's lists, kept for the audit trail. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The back office's request id of the change that created it: a retried creation creates nothing. */
    requestId: text('request_id'),
  },
  (t) => [
    index('banners_brand_group_idx').on(t.brandId, t.groupName),
    uniqueIndex('banners_request_uq').on(t.brandId, t.requestId),
  ],
);

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** 'notice' (marquee), 'popup', 'promotion' or 'agent' (the agent centre's notices). */
    kind: text('kind').notNull(),
    /** Popups only: A logged-in, B guests, F first login. */
    execution: text('execution'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull(),
    promotionType: text('promotion_type'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    requestId: text('request_id'),
  },
  (t) => [
    index('announcements_brand_kind_idx').on(t.brandId, t.kind),
    uniqueIndex('announcements_request_uq').on(t.brandId, t.requestId),
  ],
);

export const announcementImages = pgTable(
  'announcement_images',
  {
    id: serial('id').primaryKey(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    url: text('url').notNull(),
  },
  (t) => [uniqueIndex('announcement_images_seq_uq').on(t.announcementId, t.sequence)],
);

/**
 * Pictures an operator uploads for banners and promotions (png, jpg or webp, read from the bytes, 2 MB),
 * kept in the database as identity documents are and served to everyone at
 * `/api/content/media/<sha256>.<ext>`: the name is the content, so the answer is cached for good.
 */
export const contentImages = pgTable(
  'content_images',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    data: bytea('data').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_images_brand_sha_uq').on(t.brandId, t.sha256)],
);

/**
 * The help centre's pages and the legal pages (terms, privacy, responsible gaming, complaints, licence),
 * each a title and a body of HTML (sanitized when an operator saves it) in every language of the site.
 * `code` is the page's anchor on /help (`/help#terms`): links name it, so it never changes.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** 'help' or 'legal'. */
    kind: text('kind').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator who last saved it; null for the texts the installation wrote. */
    updatedBy: integer('updated_by'),
    requestId: text('request_id'),
  },
  (t) => [
    uniqueIndex('content_pages_brand_code_uq').on(t.brandId, t.code),
    uniqueIndex('content_pages_request_uq').on(t.brandId, t.requestId),
  ],
);

export const liveModels = pgTable('live_models', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
  nickname: text('nickname').notNull(),
  avatarUrl: text('avatar_url').notNull(),
  roomCode: text('room_code').notNull(),
  online: boolean('online').notNull().default(false),
  viewers: integer('viewers').notNull().default(0),
  tags: text('tags').array().notNull().default(sql`ARRAY[]::text[]`),
  sortOrder: integer('sort_order').notNull().default(0),
});
