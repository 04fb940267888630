import { TRIAL_TYPE } from '../../../src/api/contract/accounts';
import type { LanguageCode, SectionKey } from '../../../src/api/contract/common';
import type {
  GameItem,
  GameMenu,
  LaunchedGame,
  RankEntry,
  VendorCard,
} from '../../../src/api/contract/games';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { type Brand, localize } from '../brand/brand.service';
import type { CategoryRow, GameRow, GamesRepository, VendorRow } from './games.repository';

/** Shows enough of an account to be recognised by its owner and no more: "ma***23". */
export function maskAccount(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

/** A vendor's image in one of spec 9's variants; game type LOTT uses the ELOTT images. */
function vendorImage(v: VendorRow, variant: string) {
  const type = v.categoryCode === 'LOTT' ? 'ELOTT' : v.categoryCode;
  return `/art/vendor/${encodeURIComponent(v.code)}.svg?variant=${variant}&type=${type}&label=${encodeURIComponent(v.name)}`;
}

function toVendorCard(v: VendorRow, counts: Map<string, number>): VendorCard {
  return {
    images: {
      DEFAULT: vendorImage(v, 'default'),
      ACTIVE: vendorImage(v, 'active'),
      WHITE: vendorImage(v, 'white'),
      COLOR: vendorImage(v, 'color'),
      PURPLE: vendorImage(v, 'purple'),
    },
    playable: (counts.get(v.code) ?? 0) > 0,
    vassalage: v.code,
    accountTypeName: v.name,
    gameType: v.categoryCode as SectionKey,
    isGame: v.isGame === 'VASSALAGE' ? 'VASSALAGE' : null,
    status: v.status === 'maintenance' ? 'maintenance' : 'active',
    iconUrl: `/art/vendor/${encodeURIComponent(v.code)}.svg?label=${encodeURIComponent(v.name)}`,
  };
}

function toAdminGame(g: GameRow) {
  return {
    nodeId: g.id,
    vendor: g.vendorCode,
    gameCode: g.gameCode,
    category: g.categoryCode,
    names: { pt: g.name.pt ?? '', en: g.name.en ?? '' },
    classification: g.classification,
    active: g.active,
    status: (['active', 'maintenance', 'hidden'].includes(g.status) ? g.status : 'active') as
      | 'active'
      | 'maintenance'
      | 'hidden',
    sortOrder: g.sortOrder,
    hotRank: g.hotRank,
    rtp: g.rtp,
  };
}

/** What launching asks of the wallet: a session at the vendor, reached server to server. */
export interface GameLauncher {
  launch(
    brand: Brand,
    member: { id: number; userType: number },
    request: { vendor: string; gameCode: string; language: string; platform: 'html5' | 'html5-desktop' },
  ): Promise<{ url: string; opensIn: 'page' | 'window' }>;
}

type Classification = NonNullable<GameItem['classification']>;

/** Bingo (BG) is listed only where the brand supports language TY (spec 2.8). */
function offersBingo(brand: Brand) {
  return (brand.supportedLanguages as string[]).includes('ty');
}

export class GamesService {
  private launcher: GameLauncher | null = null;

  /**
   * `repo` answers the catalogue's reads, possibly from a short cache (withReadCache); `live` is never
   * cached: launches, a member's own lists, favourites and the back office's changes go through it.
   */
  constructor(
    private readonly repo: GamesRepository,
    private readonly live: GamesRepository = repo,
  ) {}

  /** Wired after the wallet is built (the wallet reads this service's vendors). */
  setLauncher(launcher: GameLauncher) {
    this.launcher = launcher;
  }

  /** Launches of vendors whose games another module plays on the site's own pages (the lotteries). */
  private houseLaunch:
    | ((brand: Brand, lang: LanguageCode, vendor: string, gameCode?: string) => Promise<LaunchedGame | null>)
    | null = null;

  setHouseLaunch(launch: NonNullable<GamesService['houseLaunch']>) {
    this.houseLaunch = launch;
  }

  /** Games other modules play for vendors of the catalogue (the lotteries' games, by vendor code). */
  private houseGames: ((brandId: number) => Promise<Map<string, number>>) | null = null;

  setHouseGames(count: (brandId: number) => Promise<Map<string, number>>) {
    this.houseGames = count;
  }

  /** Each vendor's games: the catalogue's, and those another module plays as that vendor. */
  private async gameCounts(brandId: number) {
    const [counts, house] = await Promise.all([
      this.repo.vendorGameCounts(brandId),
      this.houseGames ? this.houseGames(brandId) : new Map<string, number>(),
    ]);
    const all = new Map(counts);
    for (const [code, n] of house) all.set(code, (all.get(code) ?? 0) + n);
    return all;
  }

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

  /** Vendors as the back office manages them: one line per code, its categories, games and status. */
  async adminVendors(brandId: number) {
    const [rows, games] = await Promise.all([this.live.vendors(brandId), this.live.adminGames(brandId)]);
    const byCode = new Map<string, { row: VendorRow; categories: string[] }>();
    for (const row of rows) {
      const seen = byCode.get(row.code);
      if (seen) seen.categories.push(row.categoryCode);
      else byCode.set(row.code, { row, categories: [row.categoryCode] });
    }
    return [...byCode.values()].map(({ row, categories }) => ({
      vendor: row.code,
      name: row.name,
      categories,
      status: (['active', 'maintenance', 'hidden'].includes(row.status) ? row.status : 'active') as
        | 'active'
        | 'maintenance'
        | 'hidden',
      sortOrder: row.sortOrder,
      games: games.filter((g) => g.vendorCode === row.code).length,
    }));
  }

  async adminGames(brandId: number, vendor?: string) {
    return (await this.live.adminGames(brandId, vendor)).map(toAdminGame);
  }

  async updateVendor(
    brandId: number,
    patch: {
      vendor: string;
      name?: string | undefined;
      status?: string | undefined;
      sortOrder?: number | undefined;
    },
    alongside: (tx: Database) => Promise<void>,
  ) {
    const set = Object.fromEntries(
      Object.entries({ name: patch.name, status: patch.status, sortOrder: patch.sortOrder }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    // Unknown fields are dropped by the contract, so a body of only those asks for nothing.
    if (Object.keys(set).length === 0) throw new AppError('NOTHING_TO_CHANGE');
    const rows = await this.live.updateVendor(brandId, patch.vendor, set, alongside);
    if (rows.length === 0) throw new AppError('VENDOR_NOT_FOUND');
    return (await this.adminVendors(brandId)).find((v) => v.vendor === patch.vendor)!;
  }

  async updateGame(
    brandId: number,
    patch: {
      vendor: string;
      gameCode: string;
      active?: boolean | undefined;
      status?: string | undefined;
      sortOrder?: number | undefined;
      hotRank?: number | null | undefined;
      names?: { pt: string; en: string } | undefined;
      category?: string | undefined;
      classification?: string | null | undefined;
    },
    alongside: (tx: Database) => Promise<void>,
  ) {
    const set = Object.fromEntries(
      Object.entries({
        active: patch.active,
        status: patch.status,
        sortOrder: patch.sortOrder,
        hotRank: patch.hotRank,
        name: patch.names,
        categoryCode: patch.category,
        classification: patch.classification,
      }).filter(([, v]) => v !== undefined),
    );
    if (Object.keys(set).length === 0) throw new AppError('NOTHING_TO_CHANGE');
    const row = await this.live.updateGame(brandId, patch.vendor, patch.gameCode, set, alongside);
    if (!row) throw new AppError('GAME_NOT_FOUND');
    return toAdminGame(row);
  }

  /** Each vendor's category and each game's name, for the records (the wallet's GameDirectory). */
  async catalogue(brand: Brand, lang: LanguageCode) {
    const [vendors, games] = await Promise.all([this.repo.vendors(brand.id), this.repo.allGames(brand.id)]);
    return {
      vendorCategory: new Map(vendors.map((v) => [v.code, v.categoryCode as SectionKey])),
      gameName: new Map(
        games.map((g) => [`${g.vendorCode}:${g.gameCode}`, localize(g.name, lang, brand.defaultLanguage)]),
      ),
    };
  }

  async menus(brand: Brand): Promise<GameMenu[]> {
    const [{ categories, vendors }, counts] = await Promise.all([
      this.orderedVendors(brand.id),
      this.gameCounts(brand.id),
    ]);
    return categories.map((c) => ({
      gameType: c.code as SectionKey,
      useGameListCenter: c.usesGameListCenter,
      vendors: vendors.filter((v) => v.categoryCode === c.code).map((v) => toVendorCard(v, counts)),
    }));
  }

  async vendorList(brand: Brand, gameType: SectionKey | undefined): Promise<VendorCard[]> {
    const [{ vendors }, counts] = await Promise.all([
      this.orderedVendors(brand.id),
      this.gameCounts(brand.id),
    ]);
    return vendors
      .filter((v) => !gameType || v.categoryCode === gameType)
      .map((v) => toVendorCard(v, counts));
  }

  private toGameItem(brand: Brand, lang: LanguageCode, g: GameRow, vendorDown = false): GameItem {
    return {
      nodeId: g.id,
      gameCode: g.gameCode,
      vassalage: g.vendorCode,
      gameType: g.categoryCode as SectionKey,
      gameName: localize(g.name, lang, brand.defaultLanguage),
      isGame: null,
      classification: (g.classification as GameItem['classification']) ?? null,
      imageUrl: g.imageUrl,
      status: vendorDown || g.status === 'maintenance' ? 'maintenance' : 'active',
      rtp: g.rtp,
    };
  }

  /** Rows as items, without the games of hidden vendors, marked when their vendor is in maintenance. */
  private async items(brand: Brand, lang: LanguageCode, rows: GameRow[]): Promise<GameItem[]> {
    const { vendors } = await this.orderedVendors(brand.id);
    const status = new Map(vendors.map((v) => [v.code, v.status]));
    return rows
      .filter((g) => status.has(g.vendorCode))
      .filter((g) => offersBingo(brand) || g.classification !== 'BG')
      .map((g) => this.toGameItem(brand, lang, g, status.get(g.vendorCode) === 'maintenance'));
  }

  async gameList(
    brand: Brand,
    lang: LanguageCode,
    query: {
      vassalage?: string | undefined;
      gameType?: SectionKey | undefined;
      classification: 'ALL' | Classification;
      search?: string | undefined;
      page: number;
      pageSize: number;
    },
  ) {
    const { vendors } = await this.orderedVendors(brand.id);
    const status = new Map(vendors.map((v) => [v.code, v.status]));
    const vendorCodes = [
      ...new Set(
        vendors
          .filter((v) => !query.vassalage || v.code === query.vassalage)
          .filter((v) => !query.gameType || v.categoryCode === query.gameType)
          .map((v) => v.code),
      ),
    ];
    const classification =
      query.classification === 'ALL' || (query.classification === 'BG' && !offersBingo(brand))
        ? undefined
        : query.classification;
    if (query.classification === 'BG' && !offersBingo(brand))
      return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
    const { rows, total } = await this.repo.gameList(
      brand.id,
      {
        vendorCodes,
        categoryCode: query.gameType,
        classification,
        search: query.search || undefined,
      },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    );
    return {
      items: rows.map((g) => this.toGameItem(brand, lang, g, status.get(g.vendorCode) === 'maintenance')),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** The filters a vendor's list offers: ALL, then each classification it has games in (spec 2.8). */
  async vassGameTypes(brand: Brand, vassalage: string) {
    const rows = await this.repo.classificationCounts(brand.id, vassalage);
    const order: Classification[] = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'];
    const counts = new Map(rows.map((r) => [r.classification, r.n]));
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    return [
      { classification: 'ALL' as const, count: total },
      ...order
        .filter((c) => counts.has(c) && (c !== 'BG' || offersBingo(brand)))
        .map((c) => ({ classification: c, count: counts.get(c)! })),
    ];
  }

  async recentGames(brand: Brand, lang: LanguageCode, memberId: number, limit: number) {
    return this.items(brand, lang, await this.live.recent(brand.id, memberId, limit));
  }

  async favouriteGames(brand: Brand, lang: LanguageCode, memberId: number, limit: number) {
    return this.items(brand, lang, await this.live.favourites(brand.id, memberId, limit));
  }

  /** A catalogue entry's node id (for favourites), listed or hidden; null when there is none or it is off. */
  async catalogueId(brandId: number, vendor: string, gameCode: string): Promise<number | null> {
    const row = await this.live.game(brandId, vendor, gameCode);
    return row?.active ? row.id : null;
  }

  async favouriteIds(memberId: number) {
    return { nodeIds: await this.live.favouriteIds(memberId) };
  }

  async addFavourite(brand: Brand, memberId: number, nodeId: number) {
    if (!(await this.live.gameById(brand.id, nodeId))) throw new AppError('GAME_NOT_FOUND');
    await this.live.addFavourite(memberId, nodeId);
    return this.favouriteIds(memberId);
  }

  async removeFavourite(memberId: number, nodeId: number) {
    await this.live.removeFavourite(memberId, nodeId);
    return this.favouriteIds(memberId);
  }

  /**
   * Launches a game for a member (spec 4.6, server side): the game must be listed and playable, its
   * vendor too, and the member a real account; then the vendor is asked for a session.
   */
  async launch(
    brand: Brand,
    lang: LanguageCode,
    member: { id: number; userType: number },
    body: { vassalage: string; gameCode?: string | undefined; platform: 'html5' | 'html5-desktop' },
  ): Promise<LaunchedGame> {
    const house = this.houseLaunch
      ? await this.houseLaunch(brand, lang, body.vassalage, body.gameCode)
      : null;
    if (house) {
      // The lotteries take real accounts only; trial money plays the in-house games and the vendors that
      // take trial players (the launch token's check).
      if (member.userType === TRIAL_TYPE) throw new AppError('REAL_ACCOUNT_REQUIRED');
      // A module's own pages with a catalogue entry (the sportsbook's) join the member's recent games.
      const entry = await this.catalogueId(brand.id, house.vassalage, house.gameCode);
      if (entry !== null) await this.live.touchRecent(member.id, entry);
      return house;
    }
    const game = body.gameCode
      ? await this.live.game(brand.id, body.vassalage, body.gameCode)
      : await this.live.firstGame(brand.id, body.vassalage);
    if (!game?.active || game.status === 'hidden') throw new AppError('GAME_NOT_FOUND');
    const { vendors } = await this.orderedVendors(brand.id);
    const vendor = vendors.find((v) => v.code === game.vendorCode);
    if (!vendor) throw new AppError('GAME_NOT_FOUND');
    if (vendor.status === 'maintenance' || game.status === 'maintenance')
      throw new AppError('GAME_MAINTENANCE');
    if (!this.launcher) throw new AppError('VENDOR_NOT_FOUND');
    const launched = await this.launcher.launch(brand, member, {
      vendor: game.vendorCode,
      gameCode: game.gameCode,
      language: lang,
      platform: body.platform,
    });
    await this.live.touchRecent(member.id, game.id);
    return {
      ...launched,
      vassalage: game.vendorCode,
      gameCode: game.gameCode,
      gameName: localize(game.name, lang, brand.defaultLanguage),
      gameType: game.categoryCode as SectionKey,
    };
  }

  async hotGames(brand: Brand, lang: LanguageCode, platforms: string[]): Promise<GameItem[]> {
    return this.items(brand, lang, await this.repo.hotGames(brand.id, platforms));
  }

  async popularGames(brand: Brand, lang: LanguageCode, limit: number): Promise<GameItem[]> {
    return this.items(brand, lang, await this.repo.popularGames(brand.id, limit));
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
