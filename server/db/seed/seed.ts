import type { Database } from '../client';
import {
  announcementImages,
  announcements,
  banners,
  brandDomains,
  brands,
  customerService,
  liveModels,
  regionRules,
  seedRuns,
  siteOptions,
  siteResources,
} from '../schema';
import {
  demoAgentNotices,
  demoBanners,
  demoBrand,
  demoCustomerService,
  demoDomains,
  demoLiveModels,
  demoNotices,
  demoOptions,
  demoPopups,
  demoPromotions,
  demoRegionRules,
  demoResources,
} from './demo-content';

const SEED_NAME = 'demo-brand-v1';

/**
 * Creates the demo brand with all its content, once: the marker row and the content commit together,
 * so a crash mid-seed leaves nothing and a concurrent start waits, then skips.
 */
export async function seedDemoBrand(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;

    const [brand] = await tx
      .insert(brands)
      .values({ ...demoBrand, isDefault: true })
      .returning({ id: brands.id });
    const brandId = brand!.id;

    await tx.insert(brandDomains).values(demoDomains.map((d, i) => ({ ...d, brandId, sortOrder: i })));
    await tx
      .insert(siteOptions)
      .values(Object.entries(demoOptions).map(([code, enabled]) => ({ brandId, code, enabled })));
    await tx.insert(regionRules).values(demoRegionRules.map((r) => ({ ...r, brandId })));

    await tx.insert(banners).values(
      demoBanners.map((b, i) => ({
        brandId,
        groupName: b.group,
        imageUrl: `/art/banner/${b.art}.svg`,
        title: b.title,
        subtitle: b.subtitle,
        linkageType: b.linkageType,
        linkageTarget: b.linkageTarget,
        sortOrder: i,
      })),
    );
    // Published a day ago so "start time" reads like a real notice board.
    const published = new Date(now.getTime() - 24 * 3600_000);
    await tx.insert(announcements).values([
      ...demoNotices.map((n, i) => ({ brandId, kind: 'notice', ...n, sortOrder: i, startsAt: published })),
      ...demoPopups.map((p, i) => ({ brandId, kind: 'popup', ...p, sortOrder: i, startsAt: published })),
      ...demoAgentNotices.map((n, i) => ({
        brandId,
        kind: 'agent',
        ...n,
        sortOrder: i,
        startsAt: published,
      })),
    ]);
    for (const [i, p] of demoPromotions.entries()) {
      const [row] = await tx
        .insert(announcements)
        .values({
          brandId,
          kind: 'promotion',
          promotionType: p.type,
          title: p.title,
          content: p.content,
          sortOrder: i,
          startsAt: published,
        })
        .returning({ id: announcements.id });
      await tx
        .insert(announcementImages)
        .values({ announcementId: row!.id, sequence: 1, url: `/art/promo/${p.art}.svg` });
    }

    await tx
      .insert(customerService)
      .values(demoCustomerService.map((c, i) => ({ brandId, ...c, sortOrder: i })));
    await tx.insert(siteResources).values(
      demoResources.map((r, i) => ({
        brandId,
        resourceType: r.type,
        label: r.label,
        url: r.url,
        sortOrder: i,
      })),
    );
    await tx.insert(liveModels).values(
      demoLiveModels.map((m, i) => ({
        brandId,
        nickname: m.nickname,
        avatarUrl: `/art/avatar/${m.nickname}.svg`,
        roomCode: m.room,
        online: m.online,
        viewers: m.viewers,
        tags: m.tags,
        sortOrder: i,
      })),
    );
    return true;
  });
}
