import { sql } from 'drizzle-orm';
import {
  boolean,
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
  },
  (t) => [index('banners_brand_group_idx').on(t.brandId, t.groupName)],
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
  },
  (t) => [index('announcements_brand_kind_idx').on(t.brandId, t.kind)],
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
