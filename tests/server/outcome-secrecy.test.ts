import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  crashChains,
  crashRounds,
  lotteryDraws,
  originalsBets,
  originalsSeeds,
} from '../../server/db/schema';
import { masterBox } from '../../server/lib/master-key';
import { SecretBox } from '../../server/lib/secret-box';
import { installationSecret } from '../../server/lib/secrets';
import type { Brand } from '../../server/modules/brand/brand.service';
import { bustTime } from '../../server/modules/originals/crash.service';
import { roundReaching, saltChain, withOutcome } from './crash-rounds';
import {
  createTestContext,
  databaseKinds,
  fund,
  type Member,
  newAgent,
  newOperator,
  type TestContext,
} from './harness';

/**
 * Issue 26, item 1: no read of any kind (member, operator, socket, error message) reveals an outcome
 * before its round has ended. A crash round runs with one bet paid by its automatic cash-out and one
 * cashed out by hand (the moment the old recall joined them to the round's hash and bust), a mines game
 * is open, every member has an unrevealed server seed, and the lotteries' next draws hold their seeds.
 * Then every GET route of the OpenAPI document is read by everyone it serves (nobody, the agent and its
 * downline, each operator role) with the ids of those very rounds, both sockets are listened to, and the
 * refusals of the round's own calls are read: none may carry any of those secrets.
 */

interface Parameter {
  in: string;
  name: string;
  schema: { enum?: string[]; type?: string | string[] };
}
interface Operation {
  parameters?: Parameter[];
  security?: unknown[];
}

let seq = 0;
const rid = () => `secrecy-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
const env = {
  CRASH_BETTING_MS: '60000',
  CRASH_PAUSE_MS: '500',
  CRASH_CHAIN_LENGTH: '400',
  CRASH_SALT_SOURCE: 'operator',
};

describe.each(databaseKinds)('outcomes stay secret until their round ends, on %s', (kind) => {
  let ctx: TestContext;
  let brand: Brand;
  let agent: Member;
  let downline: Member;
  const operators: Record<string, string> = {};
  let round: Awaited<ReturnType<typeof withOutcome>>;
  const ids = { agentCrash: 0, downlineCrash: 0, mines: 0 };
  const secrets: { text: string[]; bust: number; bustMs: number; mines: number[] } = {
    text: [],
    bust: 0,
    bustMs: 0,
    mines: [],
  };

  const latestRound = async () =>
    withOutcome(ctx, (await ctx.handle.db.select().from(crashRounds).orderBy(sql`id DESC`).limit(1))[0]!);
  const setRound = (id: number, set: Record<string, unknown>) =>
    ctx.handle.db.update(crashRounds).set(set).where(eq(crashRounds.id, id));

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env });
    const [row] = await ctx.handle.db.select().from(brands).where(eq(brands.isDefault, true));
    brand = { id: row!.id, currency: row!.currency, maxAmount: row!.maxAmount, singleWallet: true } as Brand;
    await ctx.app.lottery.ensureCatalogue(brand);
    await ctx.app.lottery.schedule(brand);
    const team = await newAgent(ctx, { downline: 1 });
    agent = team;
    downline = team.downline[0]!;
    for (const m of [agent, downline]) await fund(ctx, m, 1_000_000);
    for (const role of ['admin', 'finance', 'support'] as const)
      operators[role] = (await newOperator(ctx, role)).token;

    // The crash round: the agent's bet is paid by its automatic cash-out at 1.01×, the downline's by hand.
    await saltChain(ctx, brand, operators.admin!);
    // A round reaching 2.00× whose bust no earlier round had: any sight of that number is a leak.
    round = await roundReaching(ctx, brand, 200, true);
    const auto = await ctx.call('crashBet', {
      token: agent.token,
      body: { requestId: rid(), stake: 1_000, autoCashout: 101 },
    });
    const manual = await ctx.call('crashBet', {
      token: downline.token,
      body: { requestId: rid(), stake: 1_000 },
    });
    expect([auto.code, manual.code]).toEqual(['OK', 'OK']);
    ids.agentCrash = auto.value.id;
    ids.downlineCrash = manual.value.id;
    await setRound(round.id, { bettingEndsAt: sql`clock_timestamp() - interval '1 millisecond'` });
    await ctx.app.crash.tick(brand);
    await setRound(round.id, {
      startedAt: sql`clock_timestamp() - ${bustTime(150)} * interval '1 millisecond'`,
    });
    await ctx.app.crash.tick(brand);
    const cashed = await ctx.call('crashCashout', {
      token: downline.token,
      body: { betId: ids.downlineCrash },
    });
    expect(cashed.code).toBe('OK');
    round = await latestRound();
    expect(round.status).toBe('running');

    // A mines game in play, one safe tile open.
    const mines = await ctx.call('minesStart', {
      token: agent.token,
      body: { requestId: rid(), stake: 1_000, mines: 5 },
    });
    expect(mines.code).toBe('OK');
    ids.mines = mines.value.id;
    const [bet] = await ctx.handle.db.select().from(originalsBets).where(eq(originalsBets.id, ids.mines));
    const positions = (bet!.outcome as { mines: number[] }).mines;
    const safe = [...Array(25).keys()].find((t) => !positions.includes(t))!;
    expect(
      (await ctx.call('minesReveal', { token: agent.token, body: { betId: ids.mines, tile: safe } })).code,
    ).toBe('OK');

    // The secrets: the round's hash, bust and chain seed, the board, the unrevealed server seeds, and
    // the seeds of the draws not yet drawn.
    const box = new SecretBox(
      await installationSecret(ctx.handle.db, masterBox(ctx.masterKey), 'sealed-secrets-key'),
    );
    const [chain] = await ctx.handle.db.select().from(crashChains).where(eq(crashChains.id, round.chainId));
    // Asking for the seed pair makes it: both members have an active, unrevealed one.
    for (const m of [agent, downline]) await ctx.call('originalsSeeds', { token: m.token });
    const seeds = await ctx.handle.db
      .select()
      .from(originalsSeeds)
      .where(
        and(inArray(originalsSeeds.memberId, [agent.id, downline.id]), isNull(originalsSeeds.revealedAt)),
      );
    expect(seeds.length).toBe(2);
    const draws = await ctx.handle.db
      .select()
      .from(lotteryDraws)
      .where(inArray(lotteryDraws.status, ['scheduled', 'open', 'closed']));
    expect(draws.length).toBeGreaterThan(0);
    secrets.text = [
      round.hash,
      box.open(chain!.seedCipher),
      ...seeds.map((s) => box.open(s.serverSeedCipher!)),
      ...draws.map((d) => box.open(d.seedCipher)),
    ];
    secrets.bust = round.bust;
    secrets.bustMs = round.bustMs;
    secrets.mines = [...positions].sort((a, b) => a - b);
  }, 120_000);
  afterAll(() => ctx.close());

  /** What in an answer gives a secret away, or null. */
  function leakIn(text: string): string | null {
    const found = secrets.text.find((s) => text.includes(s));
    if (found) return `a secret text ${found.slice(0, 12)}…`;
    let leak: string | null = null;
    const walk = (value: unknown, key: string) => {
      if (leak) return;
      if (Array.isArray(value)) {
        const numbers = value.filter((v) => typeof v === 'number') as number[];
        if (
          numbers.length === secrets.mines.length &&
          [...numbers].sort((a, b) => a - b).every((n, i) => n === secrets.mines[i])
        )
          leak = `the mines board under "${key}"`;
        for (const v of value) walk(v, key);
      } else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) walk(v, k);
      } else if (typeof value === 'number' && /bust|crash/i.test(key)) {
        if (value === secrets.bust || value === secrets.bustMs) leak = `the bust under "${key}"`;
      }
    };
    try {
      walk(JSON.parse(text), '');
    } catch {
      // Not JSON (CSV, SVG): the texts were searched above.
    }
    return leak;
  }

  it('reveals no running crash round, open mines game, unrevealed seed or future draw on any read', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const lotteryCodes = (await ctx.call('lotteryGames')).value.games.map((g) => g.code);
    const drawNumbers = (
      await ctx.handle.db
        .select({ number: lotteryDraws.number })
        .from(lotteryDraws)
        .where(inArray(lotteryDraws.status, ['scheduled', 'open']))
        .limit(3)
    ).map((d) => String(d.number));
    /** The values worth asking each parameter for: the very rounds whose outcomes are secret. */
    const special: Record<string, string[]> = {
      betId: [ids.agentCrash, ids.downlineCrash, ids.mines].map(String),
      roundId: [`crash-${ids.agentCrash}`, `crash-${ids.downlineCrash}`, `mines-${ids.mines}`],
      vassalage: ['BGS'],
      vendor: ['BGS'],
      username: [agent.username, downline.username],
      q: [downline.username],
      gameCode: lotteryCodes,
      number: drawNumbers,
      scope: ['all', 'direct'],
    };
    const candidates = (p: Parameter): string[] => {
      if (special[p.name]) return special[p.name]!;
      if (p.name === 'game' && !p.schema.enum) return lotteryCodes;
      if (p.schema.enum) return p.schema.enum;
      const type = Array.isArray(p.schema.type) ? p.schema.type[0] : p.schema.type;
      if (type === 'integer' || type === 'number') return ['20'];
      return ['abcd1234'];
    };
    const readers = (path: string, op: Operation): Array<[string, string | null]> => {
      if (!op.security) return [['nobody', null]];
      if (path.startsWith('/api/backoffice/')) return Object.entries(operators);
      return [
        ['agent', agent.token],
        ['downline', downline.token],
      ];
    };

    const leaks: string[] = [];
    let reads = 0;
    const read = async (url: string, who: string, token: string | null) => {
      reads++;
      const res = await ctx.app.inject({
        url,
        remoteAddress: `10.77.${Math.floor(reads / 250) % 250}.${(reads % 250) + 1}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const leak = leakIn(res.body);
      if (leak) leaks.push(`GET ${url} as ${who}: ${leak}`);
    };

    for (const [path, operations] of Object.entries(doc.paths)) {
      const op = operations.get;
      if (!op || path.includes('{') || path.includes('logout')) continue;
      const params = (op.parameters ?? []).filter((p) => p.in === 'query');
      const base = Object.fromEntries(params.map((p) => [p.name, candidates(p)[0]]));
      // Every combination when they are few, else the first value of each and each through its values.
      const lists = params.map((p) => candidates(p));
      const combinations = lists.reduce((n, l) => n * l.length, 1);
      let queries: Array<Record<string, string | undefined>> = [base];
      if (combinations <= 100)
        queries = lists.reduce<Array<Record<string, string>>>(
          (acc, values, i) => acc.flatMap((q) => values.map((v) => ({ ...q, [params[i]!.name]: v }))),
          [{}],
        );
      else
        for (const [i, p] of params.entries())
          for (const value of lists[i]!.slice(1)) queries.push({ ...base, [p.name]: value });
      // Each lottery game with each of its draws.
      if (params.some((p) => p.name === 'game') && params.some((p) => p.name === 'number'))
        for (const game of lotteryCodes)
          for (const number of drawNumbers) queries.push({ ...base, game, number });
      for (const [who, token] of readers(path, op))
        for (const query of queries) {
          const text = Object.entries(query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
            .join('&');
          await read(text ? `${path}?${text}` : path, who, token);
        }
    }

    // The refusals of the round's own calls.
    const refusals: Array<[string, Awaited<ReturnType<TestContext['call']>>]> = [
      [
        'crashCashout again',
        await ctx.call('crashCashout', { token: downline.token, body: { betId: ids.downlineCrash } }),
      ],
      [
        'crashCashout of the auto bet',
        await ctx.call('crashCashout', { token: agent.token, body: { betId: ids.agentCrash } }),
      ],
      [
        'crashCashout of another member',
        await ctx.call('crashCashout', { token: agent.token, body: { betId: ids.downlineCrash } }),
      ],
      [
        'crashBet while running',
        await ctx.call('crashBet', { token: agent.token, body: { requestId: rid(), stake: 1_000 } }),
      ],
      [
        'minesCashout of another member',
        await ctx.call('minesCashout', { token: downline.token, body: { betId: ids.mines } }),
      ],
      [
        'minesStart over an open game',
        await ctx.call('minesStart', {
          token: agent.token,
          body: { requestId: rid(), stake: 1_000, mines: 3 },
        }),
      ],
    ];
    for (const [label, answer] of refusals) {
      const leak = leakIn(answer.raw.body);
      if (leak) leaks.push(`${label}: ${leak}`);
    }

    // Both sockets: the crash round as everyone watches it, and the members' own events.
    const crashSocket = await ctx.app.injectWS('/api/originals/crash/ws');
    const heard: string[] = [];
    crashSocket.on('message', (data: Buffer) => heard.push(data.toString()));
    const memberSocket = await ctx.app.injectWS('/api/ws');
    memberSocket.on('message', (data: Buffer) => heard.push(data.toString()));
    memberSocket.send(JSON.stringify({ type: 'auth', token: agent.token }));
    // The walk took a while by the database's clock: the round is put back to 1.50× before it is looked at.
    await setRound(round.id, {
      startedAt: sql`clock_timestamp() - ${bustTime(150)} * interval '1 millisecond'`,
    });
    await ctx.app.crash.tick(brand);
    await new Promise((resolve) => setTimeout(resolve, 300));
    crashSocket.terminate();
    memberSocket.terminate();
    expect(heard.some((m) => m.includes('"round"'))).toBe(true);
    for (const message of heard) {
      const leak = leakIn(message);
      if (leak) leaks.push(`socket message: ${leak}`);
    }

    expect(leaks).toEqual([]);
    expect(reads).toBeGreaterThan(150);
    // The round is still running: the reads above looked at it in play, not after.
    expect((await latestRound()).status).toBe('running');
  }, 180_000);

  it('keeps the running round and the unrevealed seeds sealed at rest', async () => {
    const [row] = await ctx.handle.db.select().from(crashRounds).where(eq(crashRounds.id, round.id));
    expect(row).toMatchObject({ status: 'running', hash: null, bust: null, bustMs: null });
    const stored = JSON.stringify(
      await ctx.handle.db
        .select()
        .from(originalsSeeds)
        .where(
          and(inArray(originalsSeeds.memberId, [agent.id, downline.id]), isNull(originalsSeeds.revealedAt)),
        ),
    );
    expect(stored).not.toContain('"serverSeed":"');
    for (const secret of secrets.text)
      expect(stored.includes(secret) || JSON.stringify(row).includes(secret)).toBe(false);
  });

  it('shows the round in the recall once it has crashed', async () => {
    await setRound(round.id, { startedAt: sql`clock_timestamp() - interval '1 hour'` });
    await ctx.app.crash.tick(brand);
    const recall = await ctx.call('originalsRecall', { token: downline.token, query: { game: 'crash' } });
    expect(recall.value.rounds.map((r) => r.id)).toContain(ids.downlineCrash);
    const shown = recall.value.rounds.find((r) => r.id === ids.downlineCrash)!;
    expect(shown.outcome).toMatchObject({ bust: secrets.bust, hash: round.hash });
  });
});
