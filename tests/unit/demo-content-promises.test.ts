import { describe, expect, it } from 'vitest';
import {
  demoBanners,
  demoGames,
  demoPopups,
  demoPromotions,
  demoResources,
} from '../../server/db/seed/demo-content';
import { demoRulePromotions } from '../../server/db/seed/demo-promotions';
import { promotionRule } from '../../src/api/contract/promotions';

/**
 * A new player read the demo's banners, popups and promotions as promises: rewards, clubs, tournaments,
 * tables and odds the demo does not have. Until those are built, the demo's content names only what works.
 */
const NOT_IN_THE_DEMO = [
  /miss(ões|ion)/i,
  /indique|invite friends|referral/i,
  /\bVIP\b/,
  /torneio|tournament/i,
  /múltipla|accumulator/i,
  /odds melhoradas|boosted odds/i,
  /roleta|roulette|blackjack/i,
  /croupiers? reais|crupiês? reais|real dealers?/i,
  /jackpots? progressivos?|progressive jackpots?/i,
  /\bapp\b/i, // no app is published
  /esportivas ainda não|no sports betting/i, // the sportsbook is there
];

const texts = [
  ...demoBanners.flatMap((b) => [b.title.pt, b.title.en, b.subtitle.pt, b.subtitle.en]),
  ...demoPopups.flatMap((p) => [p.title.pt, p.title.en, p.content.pt, p.content.en]),
  ...demoPromotions.flatMap((p) => [p.title.pt, p.title.en, p.content.pt, p.content.en]),
  ...demoRulePromotions.flatMap((p) => [p.title.pt, p.title.en, p.content.pt, p.content.en]),
];

describe('the demo content', () => {
  it.each(NOT_IN_THE_DEMO.map((re) => [re.source, re] as const))('promises nothing like %s', (_, re) => {
    expect(texts.filter((text) => re.test(text))).toEqual([]);
  });

  it('promotes no category the demo has no games for', () => {
    const playable = new Set([...demoGames.map((g) => g.category), 'INHOUSE', 'LOTT', 'ELOTT']);
    const categoryOf = (art: string) => art.split('-')[0]!;
    for (const p of [...demoPromotions, ...demoRulePromotions])
      expect(playable, p.art).toContain(categoryOf(p.art));
    for (const b of demoBanners.filter((b) => b.group === 'w_home'))
      expect(playable, b.art).toContain(categoryOf(b.art));
  });

  it('gives its promotions that offer a reward a rule the server takes', () => {
    for (const p of demoRulePromotions)
      expect(promotionRule.safeParse(p.rule).success, p.title.en).toBe(true);
  });

  it('links to no app download (no app file is published)', () => {
    expect(demoResources.map((r) => r.type)).not.toContain('MOBILECONFIG');
    expect(demoResources.map((r) => r.type)).not.toContain('Android');
  });
});
