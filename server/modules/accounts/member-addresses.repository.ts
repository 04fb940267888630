import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginCodes, memberAddresses } from './accounts.tables';

/** The addresses members have logged in from, and the codes that admit a new one. */
export class MemberAddressesRepository {
  constructor(private readonly db: Database) {}

  /** How many addresses the member has, and whether `ip` is one of them. */
  async standing(memberId: number, ip: string) {
    const [row] = await this.db
      .select({
        known: sql<boolean>`bool_or(${memberAddresses.ip} = ${ip}::inet)`,
        total: count(),
      })
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, memberId));
    return { known: !!row?.known, total: row?.total ?? 0 };
  }

  async remember(memberId: number, ip: string) {
    await this.db
      .insert(memberAddresses)
      .values({ memberId, ip })
      .onConflictDoUpdate({
        target: [memberAddresses.memberId, memberAddresses.ip],
        set: { lastSeenAt: sql`now()` },
      });
  }

  /** Whether the member was sent a code since `since`. */
  async codeSentSince(memberId: number, since: Date) {
    const [recent] = await this.db
      .select({ last: sql<Date | string | null>`max(${loginCodes.createdAt})` })
      .from(loginCodes)
      .where(and(eq(loginCodes.memberId, memberId), gt(loginCodes.createdAt, since)));
    return !!recent?.last;
  }

  async insertCode(code: typeof loginCodes.$inferInsert) {
    await this.db.insert(loginCodes).values(code);
  }

  /** The newest unspent code for this member and address. */
  async latestCode(memberId: number, ip: string) {
    const [latest] = await this.db
      .select({ id: loginCodes.id, expiresAt: loginCodes.expiresAt })
      .from(loginCodes)
      .where(and(eq(loginCodes.memberId, memberId), eq(loginCodes.ip, ip), isNull(loginCodes.usedAt)))
      .orderBy(desc(loginCodes.id))
      .limit(1);
    return latest;
  }

  /** Counts a try and spends the code if `hash` matches, in one statement; true when spent. */
  async tryCode(id: number, hash: string, maxAttempts: number) {
    const [tried] = await this.db
      .update(loginCodes)
      .set({
        attempts: sql`${loginCodes.attempts} + 1`,
        usedAt: sql`CASE WHEN ${loginCodes.codeHash} = ${hash} THEN now() END`,
      })
      .where(
        and(
          eq(loginCodes.id, id),
          isNull(loginCodes.usedAt),
          lt(loginCodes.attempts, maxAttempts),
          gt(loginCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ usedAt: loginCodes.usedAt });
    return !!tried?.usedAt;
  }
}
