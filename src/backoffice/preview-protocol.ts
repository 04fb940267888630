import type { Announcement, Banner, BannerGroup, HelpSection, Promotion } from '../api/contract/content';
import type { AnnouncementKind } from '../api/contract/content-admin';

/** The page the back office's preview frame loads: the site's own components, fed by messages. */
export const PREVIEW_PATH = '/backoffice/preview';

/** One draft as the site would show it, already in the language previewed. */
export type PreviewItem =
  | { type: 'banner'; group: BannerGroup; banner: Banner }
  | { type: 'announcement'; kind: AnnouncementKind; announcement: Announcement; promotion?: Promotion }
  | { type: 'page'; section: HelpSection };

export type ToPreview = {
  source: 'aurora-backoffice';
  type: 'show';
  lang: 'pt' | 'en';
  item: PreviewItem | null;
};
export type FromPreview =
  | { source: 'aurora-preview'; type: 'ready' }
  | { source: 'aurora-preview'; type: 'size'; height: number };

/** A message from this site's own window, not any other page's. */
export function fromSameSite(event: MessageEvent, expected: Window | null): boolean {
  return event.origin === window.location.origin && expected !== null && event.source === expected;
}
