import type { LanguageCode } from '../../../src/api/contract/common';
import type { AnnouncementSet, Banner, Execution, LiveModel } from '../../../src/api/contract/content';
import { type Brand, localize } from '../brand/brand.service';
import type { AnnouncementRow, ContentRepository } from './content.repository';

export interface AnnouncementFilter {
  types: string[];
  executions: Execution[];
  bannerGroups: string[] | null;
  lang: LanguageCode;
}

export class ContentService {
  constructor(private readonly repo: ContentRepository) {}

  async announcementSet(brand: Brand, filter: AnnouncementFilter): Promise<AnnouncementSet> {
    const wants = (t: string) => filter.types.includes(t);
    const text = (t: Record<string, string> | null | undefined) =>
      localize(t, filter.lang, brand.defaultLanguage);
    const kinds = ['notice', 'popup', 'promotion'].filter(wants);

    const [bannerRows, rows] = await Promise.all([
      wants('banner') ? this.repo.banners(brand.id, filter.bannerGroups) : Promise.resolve([]),
      kinds.length > 0 ? this.repo.announcements(brand.id, kinds) : Promise.resolve([] as AnnouncementRow[]),
    ]);
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

  /** The operator's notices to its agents (the agent centre's agentAnnouncement), newest first. */
  async agentNotices(brand: Brand, lang: LanguageCode) {
    const rows = await this.repo.announcements(brand.id, ['agent']);
    return rows
      .map((r) => ({
        id: r.id,
        title: localize(r.title, lang, brand.defaultLanguage),
        content: localize(r.content, lang, brand.defaultLanguage),
        startDateStr: r.startsAt.getTime(),
      }))
      .sort((a, b) => b.startDateStr - a.startDateStr || b.id - a.id);
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
