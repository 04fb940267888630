import type { LanguageCode } from '../../../src/api/contract/common';
import type {
  AnnouncementSet,
  Banner,
  Execution,
  HelpSection,
  LiveModel,
} from '../../../src/api/contract/content';
import { AppError } from '../../http/app-error';
import { type Brand, localize } from '../brand/brand.service';
import type { AnnouncementRow, ContentRepository } from './content.repository';
import { extensionOf, parseMediaName } from './content-images';

/** Whether an item's window holds `now`: from its start (none: always) until before its end (none: ever). */
export function inWindow(item: { startsAt: Date | null; endsAt: Date | null }, now: Date) {
  const t = now.getTime();
  return (!item.startsAt || item.startsAt.getTime() <= t) && (!item.endsAt || t < item.endsAt.getTime());
}

export interface AnnouncementFilter {
  types: string[];
  executions: Execution[];
  bannerGroups: string[] | null;
  lang: LanguageCode;
}

/**
 * The site's content as players read it. The repository (cached per process for the brand cache time)
 * gives every item switched on; the schedule is kept here by the server's clock, so an item appears and
 * goes at its times to the millisecond whatever the cache holds, and an operator's change shows within
 * the cache time.
 */
export class ContentService {
  constructor(
    private readonly repo: ContentRepository,
    private readonly clock: () => Date = () => new Date(),
    /** Uncached: the pictures (bytes) are not worth keeping in the read cache. */
    private readonly media?: ContentRepository,
  ) {}

  async announcementSet(brand: Brand, filter: AnnouncementFilter): Promise<AnnouncementSet> {
    const wants = (t: string) => filter.types.includes(t);
    const text = (t: Record<string, string> | null | undefined) =>
      localize(t, filter.lang, brand.defaultLanguage);
    const kinds = ['notice', 'popup', 'promotion'].filter(wants);

    const now = this.clock();
    const [allBanners, allRows] = await Promise.all([
      wants('banner') ? this.repo.banners(brand.id, filter.bannerGroups) : Promise.resolve([]),
      kinds.length > 0 ? this.repo.announcements(brand.id, kinds) : Promise.resolve([] as AnnouncementRow[]),
    ]);
    const bannerRows = allBanners.filter((b) => inWindow(b, now));
    const rows = allRows.filter((r) => inWindow(r, now));
    const promotionRows = rows.filter((r) => r.kind === 'promotion');
    const images = await this.repo.images(promotionRows.map((r) => r.id));

    const base = (r: AnnouncementRow) => ({
      id: r.id,
      title: text(r.title),
      content: text(r.content),
      startDateStr: r.startsAt.getTime(),
    });

    return {
      banners: bannerRows.map((b) => ({
        id: b.id,
        groupName: b.groupName as Banner['groupName'],
        url: b.imageUrl,
        title: text(b.title),
        subtitle: b.subtitle ? text(b.subtitle) : null,
        linkageType: (b.linkageType as Banner['linkageType']) ?? null,
        linkageTarget: b.linkageTarget,
      })),
      notices: rows.filter((r) => r.kind === 'notice').map(base),
      popups: rows
        .filter((r) => r.kind === 'popup' && filter.executions.includes(r.execution as Execution))
        .map((r) => ({ ...base(r), execution: r.execution as Execution })),
      promotions: promotionRows.map((r) => ({
        ...base(r),
        promotionType: r.promotionType,
        announcementImages: images
          .filter((i) => i.announcementId === r.id)
          .map((i) => ({ sequence: i.sequence, url: i.url })),
      })),
    };
  }

  /** Every promotion's texts and schedule (archived ones left out), for the promotions module's rules. */
  async promotionTexts(brandId: number) {
    const rows = await this.repo.listAnnouncements(brandId, { kind: 'promotion', archived: false });
    return rows.map((r) => ({
      id: r.id,
      title: r.title as Record<string, string>,
      active: r.active,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
    }));
  }

  /** The operator's notices to its agents (the agent centre's agentAnnouncement), newest first. */
  async agentNotices(brand: Brand, lang: LanguageCode) {
    const now = this.clock();
    const rows = (await this.repo.announcements(brand.id, ['agent'])).filter((r) => inWindow(r, now));
    return rows
      .map((r) => ({
        id: r.id,
        title: localize(r.title, lang, brand.defaultLanguage),
        content: localize(r.content, lang, brand.defaultLanguage),
        startDateStr: r.startsAt.getTime(),
      }))
      .sort((a, b) => b.startDateStr - a.startDateStr || b.id - a.id);
  }

  /**
   * The help centre (/help): the brand's pages in the asked language, the brand's default where a page
   * lacks it. The same pages on every device.
   */
  async helpCenter(brand: Brand, lang: LanguageCode): Promise<HelpSection[]> {
    const rows = await this.repo.pages(brand.id);
    return rows.map((p) => ({
      section: p.code,
      kind: p.kind === 'legal' ? 'legal' : 'help',
      title: localize(p.title, lang, brand.defaultLanguage),
      content: localize(p.body, lang, brand.defaultLanguage),
      updatedAt: p.updatedAt.getTime(),
    }));
  }

  /** An uploaded picture by its name (`<sha256>.<ext>`), for everyone: the brand's own only. */
  async image(brand: Brand, name: string) {
    const parsed = parseMediaName(name);
    if (!parsed) throw new AppError('NOT_FOUND');
    const image = await (this.media ?? this.repo).image(brand.id, parsed.sha256);
    if (!image || extensionOf(image.mime) !== parsed.ext) throw new AppError('NOT_FOUND');
    return image;
  }

  async liveModels(brand: Brand): Promise<LiveModel[]> {
    const rows = await this.repo.liveModels(brand.id);
    return rows.map((m) => ({
      id: m.id,
      nickname: m.nickname,
      avatarUrl: m.avatarUrl,
      roomCode: m.roomCode,
      online: m.online,
      viewers: m.viewers,
      tags: m.tags,
    }));
  }
}
