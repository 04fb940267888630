import type { GamesRepository } from './games.repository';

/** A settled round that paid well, as the wallet reports it. */
export interface BigWin {
  brandId: number;
  vendor: string;
  roundId: string;
  memberId: number;
  gameCode: string | null;
  stake: number;
  payout: number;
  settledAt: Date;
}

/** What the feed reads from other modules: the wallet's big wins and the winners' usernames. */
export interface WinnerSources {
  bigWins(since: Date, minPayout: number, multiple: number): Promise<BigWin[]>;
  usernames(memberIds: number[]): Promise<Map<number, string>>;
}

/** A win makes the board when it pays at least this many times its stake, and at least this much. */
export const BOARD_MULTIPLE = 5;
export const BOARD_MIN_PAYOUT = 2_000;
const KEEP_DAYS = 30;

/**
 * The winner board (GCSGAME_getRankList) fed by real wins: a scheduled job posts every settled round that
 * paid well since the last one posted, with the game's name and category and the winner's account (the
 * board masks it when it is read), once per round.
 */
export class WinnerFeed {
  constructor(
    private readonly repo: GamesRepository,
    private readonly sources: WinnerSources,
  ) {}

  async run(now = new Date()): Promise<number> {
    const since = (await this.repo.latestPostedWin()) ?? new Date(now.getTime() - 86_400_000);
    const wins = await this.sources.bigWins(since, BOARD_MIN_PAYOUT, BOARD_MULTIPLE);
    if (wins.length === 0) return 0;
    const brandIds = [...new Set(wins.map((w) => w.brandId))];
    const [names, catalogues] = await Promise.all([
      this.sources.usernames([...new Set(wins.map((w) => w.memberId))]),
      Promise.all(brandIds.map(async (id) => [id, await this.repo.allGames(id)] as const)),
    ]);
    const gamesOf = new Map(catalogues);
    const posted = await this.repo.postWins(
      wins.flatMap((w) => {
        const game = gamesOf
          .get(w.brandId)
          ?.find((g) => g.vendorCode === w.vendor && g.gameCode === w.gameCode);
        const account = names.get(w.memberId);
        if (!game || !account) return [];
        return [
          {
            brandId: w.brandId,
            categoryCode: game.categoryCode,
            vendorCode: w.vendor,
            gameName: game.name,
            account,
            winAmount: BigInt(w.payout),
            wonAt: w.settledAt,
            roundKey: w.roundId,
          },
        ];
      }),
    );
    await this.repo.pruneWins(new Date(now.getTime() - KEEP_DAYS * 86_400_000));
    return posted;
  }
}
