import type { LanguageCode, SectionKey } from '../../../src/api/contract/common';
import type { GameItem, GameMenu, RankEntry, VendorCard } from '../../../src/api/contract/games';
import { type Brand, localize } from '../brand/brand.service';
import type { CategoryRow, GameRow, GamesRepository, VendorRow } from './games.repository';

/** Shows enough of an account to be recognised by its owner and no more: "ma***23". */
export function maskAccount(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

function toVendorCard(v: VendorRow): VendorCard {
  return {
    vassalage: v.code,
    accountTypeName: v.name,
    gameType: v.categoryCode as SectionKey,
    isGame: v.isGame === 'VASSALAGE' ? 'VASSALAGE' : null,
    status: v.status === 'maintenance' ? 'maintenance' : 'active',
    iconUrl: `/art/vendor/${encodeURIComponent(v.code)}.svg`,
  };
}

export class GamesService {
  constructor(private readonly repo: GamesRepository) {}

  /** Vendors in server order: by their category's order, then their own. */
  private async orderedVendors(
    brandId: number,
  ): Promise<{ categories: CategoryRow[]; vendors: VendorRow[] }> {
    const [categories, vendors] = await Promise.all([
      this.repo.categories(brandId),
      this.repo.vendors(brandId),
    ]);
    const rank = new Map(categories.map((c, i) => [c.code, i]));
    const visible = vendors
      .filter((v) => rank.has(v.categoryCode) && v.status !== 'hidden')
      .sort((a, b) => rank.get(a.categoryCode)! - rank.get(b.categoryCode)! || a.sortOrder - b.sortOrder);
    return { categories, vendors: visible };
  }

  /** The brand's playable vendors, one line per code, in menu order: what a wallet can move money to. */
  async activeVendors(brandId: number): Promise<{ code: string; name: string }[]> {
    const rows = await this.repo.vendors(brandId);
    const seen = new Set<string>();
    return rows
      .filter((r) => r.status === 'active' && !seen.has(r.code) && seen.add(r.code))
      .map((r) => ({ code: r.code, name: r.name }));
  }

  async menus(brand: Brand): Promise<GameMenu[]> {
    const { categories, vendors } = await this.orderedVendors(brand.id);
    return categories.map((c) => ({
      gameType: c.code as SectionKey,
      useGameListCenter: c.usesGameListCenter,
      vendors: vendors.filter((v) => v.categoryCode === c.code).map(toVendorCard),
    }));
  }

  async vendorList(brand: Brand, gameType: SectionKey | undefined): Promise<VendorCard[]> {
    const { vendors } = await this.orderedVendors(brand.id);
    return vendors.filter((v) => !gameType || v.categoryCode === gameType).map(toVendorCard);
  }

  private toGameItem(brand: Brand, lang: LanguageCode, g: GameRow): GameItem {
    return {
      gameCode: g.gameCode,
      vassalage: g.vendorCode,
      gameType: g.categoryCode as SectionKey,
      gameName: localize(g.name, lang, brand.defaultLanguage),
      isGame: null,
      classification: (g.classification as GameItem['classification']) ?? null,
      imageUrl: g.imageUrl,
    };
  }

  async hotGames(brand: Brand, lang: LanguageCode, platforms: string[]): Promise<GameItem[]> {
    const rows = await this.repo.hotGames(brand.id, platforms);
    return rows.map((g) => this.toGameItem(brand, lang, g));
  }

  async popularGames(brand: Brand, lang: LanguageCode, limit: number): Promise<GameItem[]> {
    const rows = await this.repo.popularGames(brand.id, limit);
    return rows.map((g) => this.toGameItem(brand, lang, g));
  }

  async rankList(brand: Brand, lang: LanguageCode, category: string, limit: number): Promise<RankEntry[]> {
    const rows = await this.repo.winners(brand.id, category === 'ALL' ? null : category, limit);
    return rows.map((w) => ({
      vo: {
        account: maskAccount(w.account),
        gameName: localize(w.gameName, lang, brand.defaultLanguage),
        vassalage: w.vendorCode,
        gameCategory: w.categoryCode as SectionKey,
        winAmount: Number(w.winAmount),
        currency: brand.currency,
        wonAt: w.wonAt.getTime(),
      },
    }));
  }
}
