import { z } from 'zod';
import { csvOf, epochMillis, languageCode } from './common';

export const bannerGroup = z.enum(['w_login', 'w_register', 'w_home', 'w_forget']);
export type BannerGroup = z.infer<typeof bannerGroup>;

export const banner = z.object({
  id: z.number().int(),
  groupName: bannerGroup,
  url: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  linkageType: z.enum(['route', 'url', 'promotion']).nullable(),
  linkageTarget: z.string().nullable(),
});
export type Banner = z.infer<typeof banner>;

export const execution = z.enum(['A', 'B', 'F']);
export type Execution = z.infer<typeof execution>;

export const announcement = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML written by the operator; the browser sanitizes it before display. */
  content: z.string(),
  startDateStr: epochMillis,
});
export type Announcement = z.infer<typeof announcement>;

export const popupAnnouncement = announcement.extend({ execution });

export const promotion = announcement.extend({
  promotionType: z.string().nullable(),
  announcementImages: z.array(z.object({ sequence: z.number().int(), url: z.string() })),
});
export type Promotion = z.infer<typeof promotion>;

export const announcementType = z.enum(['banner', 'notice', 'popup', 'promotion']);

export const announcementsQuery = z.object({
  types: csvOf(announcementType).default(['banner', 'notice', 'popup', 'promotion']),
  platform: z.enum(['W', 'H']).default('W'),
  execution: csvOf(execution).optional(),
  bannerGroup: csvOf(bannerGroup).optional(),
  lang: languageCode.optional(),
});

export const announcementSet = z.object({
  banners: z.array(banner),
  notices: z.array(announcement),
  popups: z.array(popupAnnouncement),
  promotions: z.array(promotion),
});
export type AnnouncementSet = z.infer<typeof announcementSet>;

/**
 * A page of the help centre, at /help#<section>: a help page or a legal one (terms, privacy, responsible
 * gaming, complaints, licence), its HTML sanitized when an operator saved it.
 */
export const helpSection = z.object({
  section: z.string(),
  kind: z.enum(['help', 'legal']),
  title: z.string(),
  content: z.string(),
  /** When it last changed: the legal pages say so. */
  updatedAt: epochMillis,
});
export type HelpSection = z.infer<typeof helpSection>;

export const liveModel = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatarUrl: z.string(),
  roomCode: z.string(),
  online: z.boolean(),
  viewers: z.number().int(),
  tags: z.array(z.string()),
});
export type LiveModel = z.infer<typeof liveModel>;
