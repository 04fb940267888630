import type { AdminGame } from '../../../src/api/contract/backoffice';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { BackofficeService, OperatorContext } from '../backoffice/backoffice.service';
import type { EdgeGuard } from '../backoffice/edge-guard';

type Alongside = (tx: Database) => Promise<void>;
type Status = 'active' | 'maintenance' | 'hidden';

interface Connection {
  active: boolean;
  launchUrl: string | null;
  mode: 'seamless' | 'transfer';
  currencies: string[];
  opensIn: 'page' | 'window';
  trialPlay: boolean;
  connectedAt: number;
  updatedAt: number;
}

/** What the back office reaches of the games module (catalogue) and the wallet (connections, rounds). */
export interface GamesAdminPorts {
  edgesCover: EdgeGuard;
  catalogue: {
    adminVendors(brandId: number): Promise<
      {
        vendor: string;
        name: string;
        categories: string[];
        status: Status;
        sortOrder: number;
        games: number;
      }[]
    >;
    adminGames(brandId: number, vendor?: string): Promise<AdminGame[]>;
    updateVendor(
      brandId: number,
      patch: {
        vendor: string;
        name?: string | undefined;
        status?: Status | undefined;
        sortOrder?: number | undefined;
      },
      alongside: Alongside,
    ): Promise<{ vendor: string }>;
    updateGame(
      brandId: number,
      patch: { vendor: string; gameCode: string } & Record<string, unknown>,
      alongside: Alongside,
    ): Promise<AdminGame>;
  };
  connections: {
    list(brandId: number): Promise<(Connection & { vendor: string })[]>;
    connect(
      brandId: number,
      input: {
        vendor: string;
        launchUrl: string | null;
        mode: 'seamless' | 'transfer';
        currencies: string[];
        opensIn: 'page' | 'window';
        trialPlay?: boolean | undefined;
        secret?: string | undefined;
      },
      alongside?: Alongside,
    ): Promise<{ secret: string }>;
    rotate(
      brandId: number,
      vendor: string,
      secret: string | undefined,
      alongside?: Alongside,
    ): Promise<{ secret: string }>;
    disconnect(brandId: number, vendor: string, alongside?: Alongside): Promise<unknown>;
  };
  rounds: {
    lookup(
      brandId: number,
      filter: {
        memberId?: number | undefined;
        vendor?: string | undefined;
        roundId?: string | undefined;
        from?: number | undefined;
        to?: number | undefined;
      },
    ): Promise<
      {
        row: {
          vendorCode: string;
          roundId: string;
          memberId: number;
          gameCode: string | null;
          stake: number;
          payout: number;
          refunded: number;
          status: string;
          createdAt: Date;
          settledAt: Date | null;
        };
        movements: { id: number; type: string; amount: number; balanceAfter: number; createdAt: number }[];
      }[]
    >;
  };
  members: {
    byUsername(brandId: number, username: string): Promise<{ id: number } | undefined>;
    usernames(ids: number[]): Promise<Map<number, string>>;
  };
}

/**
 * The back office's games pages: vendor onboarding (connect with the vendor's launch address and secret,
 * rotate the secret, disconnect), the catalogue (vendors and games: on, hidden, maintenance, order, hot,
 * names, categories) and the round lookup. Every change and its audit row commit together.
 */
export class GamesAdmin {
  constructor(
    private readonly backoffice: BackofficeService,
    private readonly ports: GamesAdminPorts,
  ) {}

  private audit(
    ctx: OperatorContext,
    action: string,
    target: string,
    detail: Record<string, unknown>,
  ): Alongside {
    return (tx) =>
      this.backoffice.audit(
        { operatorId: ctx.operator.id, brandId: ctx.brand.id, action, target, detail, ip: ctx.ip },
        tx,
      );
  }

  async vendors(ctx: OperatorContext) {
    this.backoffice.require(ctx, 'games.read');
    const [vendors, connections] = await Promise.all([
      this.ports.catalogue.adminVendors(ctx.brand.id),
      this.ports.connections.list(ctx.brand.id),
    ]);
    const byVendor = new Map(connections.map(({ vendor, ...c }) => [vendor, c]));
    const listed = vendors.map((v) => ({ ...v, connection: byVendor.get(v.vendor) ?? null }));
    // A connection for a code the catalogue does not list yet still shows, so it can be managed.
    const unlisted = connections
      .filter((c) => !vendors.some((v) => v.vendor === c.vendor))
      .map(({ vendor, ...c }) => ({
        vendor,
        name: vendor,
        categories: [],
        status: 'active' as const,
        sortOrder: 0,
        games: 0,
        connection: c,
      }));
    return [...listed, ...unlisted];
  }

  private async vendor(ctx: OperatorContext, code: string) {
    const found = (await this.vendors(ctx)).find((v) => v.vendor === code);
    if (!found) throw new AppError('VENDOR_NOT_FOUND');
    return found;
  }

  async connect(
    ctx: OperatorContext,
    body: {
      vendor: string;
      launchUrl: string;
      mode: 'seamless' | 'transfer';
      currencies: string[];
      opensIn: 'page' | 'window';
      trialPlay: boolean;
      secret?: string | undefined;
    },
  ) {
    this.backoffice.require(ctx, 'games.manage');
    const { secret } = await this.ports.connections.connect(
      ctx.brand.id,
      body,
      this.audit(ctx, 'vendor_connect', body.vendor, {
        launchUrl: body.launchUrl,
        mode: body.mode,
        currencies: body.currencies,
        opensIn: body.opensIn,
        trialPlay: body.trialPlay,
        secretGiven: body.secret !== undefined,
      }),
    );
    // The secret goes to the vendor once; it is never shown again nor written in the audit trail.
    return { vendor: body.vendor, secret };
  }

  async rotate(ctx: OperatorContext, body: { vendor: string; secret?: string | undefined }) {
    this.backoffice.require(ctx, 'games.manage');
    const { secret } = await this.ports.connections.rotate(
      ctx.brand.id,
      body.vendor,
      body.secret,
      this.audit(ctx, 'vendor_rotate', body.vendor, { secretGiven: body.secret !== undefined }),
    );
    return { vendor: body.vendor, secret };
  }

  async disconnect(ctx: OperatorContext, body: { vendor: string }) {
    this.backoffice.require(ctx, 'games.manage');
    await this.ports.connections.disconnect(
      ctx.brand.id,
      body.vendor,
      this.audit(ctx, 'vendor_disconnect', body.vendor, {}),
    );
    return this.vendor(ctx, body.vendor);
  }

  async updateVendor(
    ctx: OperatorContext,
    body: {
      vendor: string;
      name?: string | undefined;
      status?: Status | undefined;
      sortOrder?: number | undefined;
    },
  ) {
    this.backoffice.require(ctx, 'games.manage');
    const { vendor, ...changes } = body;
    await this.ports.catalogue.updateVendor(
      ctx.brand.id,
      body,
      this.audit(ctx, 'vendor_update', vendor, changes),
    );
    return this.vendor(ctx, vendor);
  }

  async games(ctx: OperatorContext, vendor?: string) {
    this.backoffice.require(ctx, 'games.read');
    return this.ports.catalogue.adminGames(ctx.brand.id, vendor);
  }

  async updateGame(
    ctx: OperatorContext,
    body: { vendor: string; gameCode: string } & Record<string, unknown>,
  ) {
    this.backoffice.require(ctx, 'games.manage');
    const { vendor, gameCode, ...changes } = body;
    // A game put on offer, or moved to another category, counts in that category's edge from then on.
    if (changes.active !== undefined || changes.category !== undefined) {
      await this.ports.edgesCover(ctx.brand, (s) => ({
        ...s,
        catalogue: s.catalogue.map((g) =>
          g.vendor === vendor && g.gameCode === gameCode
            ? {
                ...g,
                active: typeof changes.active === 'boolean' ? changes.active : g.active,
                category: typeof changes.category === 'string' ? changes.category : g.category,
              }
            : g,
        ),
      }));
    }
    return this.ports.catalogue.updateGame(
      ctx.brand.id,
      body,
      this.audit(ctx, 'game_update', `${vendor}/${gameCode}`, changes),
    );
  }

  async rounds(
    ctx: OperatorContext,
    query: {
      username?: string | undefined;
      vendor?: string | undefined;
      roundId?: string | undefined;
      from?: number | undefined;
      to?: number | undefined;
    },
  ) {
    this.backoffice.require(ctx, 'games.read');
    let memberId: number | undefined;
    if (query.username) {
      const member = await this.ports.members.byUsername(ctx.brand.id, query.username);
      if (!member) throw new AppError('MEMBER_NOT_FOUND');
      memberId = member.id;
    }
    const found = await this.ports.rounds.lookup(ctx.brand.id, { ...query, memberId });
    const names = await this.ports.members.usernames([...new Set(found.map((f) => f.row.memberId))]);
    return found.map(({ row, movements }) => ({
      vendor: row.vendorCode,
      roundId: row.roundId,
      username: names.get(row.memberId) ?? String(row.memberId),
      gameCode: row.gameCode,
      stake: row.stake,
      payout: row.payout,
      refunded: row.refunded,
      status: row.status,
      createdAt: row.createdAt.getTime(),
      settledAt: row.settledAt?.getTime() ?? null,
      movements,
    }));
  }
}
