import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { textArrayLiteral } from '../../lib/pg-array';
import {
  captchas,
  loginFailures,
  memberSessions,
  members,
  registerFieldRules,
  rememberTokens,
  sessionHandoffs,
} from './accounts.tables';

export type MemberRow = typeof members.$inferSelect;

/** A hand-off code of this brand that is neither spent nor expired. */
const unspentHandoff = (codeHash: string, brandId: number) =>
  and(
    eq(sessionHandoffs.codeHash, codeHash),
    eq(sessionHandoffs.brandId, brandId),
    isNull(sessionHandoffs.usedAt),
    gt(sessionHandoffs.expiresAt, sql`now()`),
  );
export type NewMember = typeof members.$inferInsert;

export class AccountsRepository {
  // The vendor wallet API looks players up thousands of times a minute: built once, planned once.
  private readonly walletMemberQuery;
  // Every signed-in request looks its session up: built once, planned once, many tokens per round trip.
  private readonly sessionsQuery;

  constructor(private readonly db: Database) {
    this.sessionsQuery = db
      .select({ session: memberSessions, member: members })
      .from(memberSessions)
      .innerJoin(members, eq(members.id, memberSessions.memberId))
      .where(sql`${memberSessions.tokenHash} = ANY(${sql.placeholder('hashes')}::text[])`)
      .prepare('member_sessions_by_hash');
    this.walletMemberQuery = db
      .select({ id: members.id, userType: members.userType, status: members.status })
      .from(members)
      .where(
        and(eq(members.brandId, sql.placeholder('brandId')), eq(members.id, sql.placeholder('memberId'))),
      )
      .prepare('wallet_member');
  }

  /** Usernames by member id. */
  async usernames(memberIds: number[]) {
    if (memberIds.length === 0) return new Map<number, string>();
    const rows = await this.db
      .select({ id: members.id, username: members.username })
      .from(members)
      .where(inArray(members.id, memberIds));
    return new Map(rows.map((r) => [r.id, r.username]));
  }

  async savePaymentPasswordHash(memberId: number, hash: string) {
    await this.db.update(members).set({ paymentPasswordHash: hash }).where(eq(members.id, memberId));
  }

  /** A member of the brand by id, as the agent tree shows them. */
  async treeMember(brandId: number, memberId: number) {
    const [row] = await this.db
      .select({ id: members.id, username: members.username, userType: members.userType })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.brandId, brandId)));
    return row;
  }

  /** One member's place in the tree: its row, its uplines (the top first) and its direct downline. */
  async treeView(brandId: number, username: string, downlineLimit: number) {
    const [member] = await this.db
      .select({
        id: members.id,
        username: members.username,
        userType: members.userType,
        status: members.status,
        parentId: members.parentId,
        joinedAt: members.createdAt,
      })
      .from(members)
      .where(and(eq(members.brandId, brandId), eq(members.username, username)));
    if (!member) return undefined;
    const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
    const [uplines, downline, counts] = await Promise.all([
      this.db.execute(sql`
        SELECT m.username FROM member_tree t JOIN members m ON m.id = t.ancestor_id
        WHERE t.member_id = ${member.id} AND t.depth > 0 ORDER BY t.depth DESC`),
      this.db.execute(sql`
        SELECT m.username, m.user_type AS "userType", m.created_at AS "joinedAt",
               (SELECT count(*) FROM member_tree t WHERE t.ancestor_id = m.id AND t.depth > 0)::int AS "teamSize"
        FROM members m WHERE m.parent_id = ${member.id}
        ORDER BY m.created_at DESC, m.id DESC LIMIT ${downlineLimit}`),
      this.db.execute(sql`
        SELECT count(*) FILTER (WHERE depth > 0)::int AS team, count(*) FILTER (WHERE depth = 1)::int AS direct
        FROM member_tree WHERE ancestor_id = ${member.id}`),
    ]);
    const count = rowsOf<{ team: number; direct: number }>(counts)[0]!;
    return {
      ...member,
      teamSize: Number(count.team),
      directCount: Number(count.direct),
      uplines: rowsOf<{ username: string }>(uplines).map((r) => r.username),
      downline: rowsOf<{ username: string; userType: number; joinedAt: string | Date; teamSize: number }>(
        downline,
      ).map((r) => ({
        username: r.username,
        userType: Number(r.userType),
        joinedAt: new Date(r.joinedAt),
        teamSize: Number(r.teamSize),
      })),
    };
  }

  /**
   * Puts a member (its downline comes along: the tree's trigger rewrites the closure) under another, or
   * at the top with null, and runs `alongside` in the same transaction (the caller's other writes).
   * Answers the parent it had.
   */
  async moveUnder(
    memberId: number,
    parentId: number | null,
    alongside: (tx: Database, oldParentId: number | null) => Promise<unknown>,
  ) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ parentId: members.parentId })
        .from(members)
        .where(eq(members.id, memberId))
        .for('update');
      await tx.update(members).set({ parentId }).where(eq(members.id, memberId));
      await alongside(tx, before?.parentId ?? null);
      return before?.parentId ?? null;
    });
  }

  /**
   * Members anywhere below `agentId`, nearest first: those whose username is `exact`, or starts with
   * `prefix` (one range of the tree's closure table, however deep the downline).
   */
  async descendants(
    brandId: number,
    agentId: number,
    match: { exact: string } | { prefix: string },
    limit: number,
  ) {
    const name =
      'exact' in match
        ? sql`m.username = ${match.exact.toLowerCase()}`
        : sql`m.username LIKE ${`${match.prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
    const result = await this.db.execute(sql`
      SELECT m.id, m.username, m.nickname, t.depth::integer AS depth
      FROM member_tree t JOIN members m ON m.id = t.member_id
      WHERE t.ancestor_id = ${agentId} AND t.depth > 0 AND m.brand_id = ${brandId} AND ${name}
      ORDER BY t.depth, m.username
      LIMIT ${limit}`);
    return (
      result as unknown as {
        rows: Array<{ id: number; username: string; nickname: string | null; depth: number }>;
      }
    ).rows.map((r) => ({ ...r, id: Number(r.id), depth: Number(r.depth) }));
  }

  /** A member's id, kind and status: all a game vendor's wallet call needs. */
  async walletMember(brandId: number, memberId: number) {
    const [row] = await this.walletMemberQuery.execute({ brandId, memberId });
    return row;
  }

  async findMember(brandId: number, username: string): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(members)
      .where(and(eq(members.brandId, brandId), eq(members.username, username)));
    return row;
  }

  async findMemberByPhone(
    brandId: number,
    dialingCode: string,
    mobile: string,
  ): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(members)
      .where(
        and(
          eq(members.brandId, brandId),
          eq(members.countryDialingCode, dialingCode),
          eq(members.mobile, mobile),
        ),
      )
      .limit(1);
    return row;
  }

  /** Gives the member this invitation code unless it has one; answers the code it has. */
  async claimAffiliateCode(memberId: number, code: string): Promise<string | null> {
    const [row] = await this.db
      .update(members)
      .set({ affiliateCode: sql`coalesce(${members.affiliateCode}, ${code})` })
      .where(eq(members.id, memberId))
      .returning({ code: members.affiliateCode });
    return row?.code ?? null;
  }

  async findMemberById(id: number): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(members).where(eq(members.id, id));
    return row;
  }

  async findAgentByAffiliateCode(brandId: number, code: string): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(members)
      .where(and(eq(members.brandId, brandId), sql`upper(${members.affiliateCode}) = upper(${code})`));
    return row;
  }

  /** Whether a member of the brand has this email (any case). */
  async emailInUse(brandId: number, email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.brandId, brandId), sql`lower(${members.email}) = lower(${email})`))
      .limit(1);
    return row !== undefined;
  }

  /** Inserts the member, or returns undefined when the username is already taken in the brand. */
  /** Whether an account of the brand holds this CPF (11 digits). */
  async cpfTaken(brandId: number, cpf: string) {
    const [row] = await this.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.brandId, brandId), eq(members.cpf, cpf)));
    return row !== undefined;
  }

  async insertMember(member: NewMember): Promise<MemberRow | undefined> {
    const [row] = await this.db.insert(members).values(member).onConflictDoNothing().returning();
    return row;
  }

  async recordLogin(memberId: number, ip: string) {
    await this.db
      .update(members)
      .set({
        lastLoginAt: sql`now()`,
        lastLoginIp: ip,
        firstLoginAt: sql`coalesce(${members.firstLoginAt}, now())`,
      })
      .where(eq(members.id, memberId));
  }

  /**
   * Ends the trial accounts (user type 4) made before `cutoff` that are still active: closed, their
   * sessions revoked, in one statement each way; at most `limit` a call, oldest first. Returns them.
   */
  async endTrials(cutoff: Date, limit: number) {
    return this.db.transaction(async (tx) => {
      const ended = await tx.execute(sql`
        UPDATE members SET status = 'closed'
        WHERE id IN (
          SELECT id FROM members
          WHERE user_type = 4 AND created_at < ${cutoff} AND status = 'active'
          ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, brand_id AS "brandId"`);
      const rows = (ended as unknown as { rows: Array<{ id: number; brandId: number }> }).rows.map((r) => ({
        id: Number(r.id),
        brandId: Number(r.brandId),
      }));
      if (rows.length > 0)
        await tx
          .update(memberSessions)
          .set({ revokedAt: sql`now()` })
          .where(
            and(
              inArray(
                memberSessions.memberId,
                rows.map((r) => r.id),
              ),
              isNull(memberSessions.revokedAt),
            ),
          );
      return rows;
    });
  }

  /** Closed trial accounts made after `since` (a late win may still reach their wallet). */
  async closedTrials(since: Date) {
    const rows = await this.db
      .select({ id: members.id, brandId: members.brandId })
      .from(members)
      .where(and(sql`${members.userType} = 4`, eq(members.status, 'closed'), gt(members.createdAt, since)));
    return rows;
  }

  /** Which of these members are trial accounts (user type 4). */
  async trialIds(memberIds: number[]) {
    if (memberIds.length === 0) return new Set<number>();
    const rows = await this.db
      .select({ id: members.id })
      .from(members)
      .where(and(inArray(members.id, memberIds), sql`${members.userType} = 4`));
    return new Set(rows.map((r) => r.id));
  }

  /** Sets a new password and ends every session of the member, in one transaction. */
  async replacePassword(memberId: number, passwordHash: string, mustChange = false) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(members)
        .set({ passwordHash, passwordChangedAt: sql`now()`, mustChangePassword: mustChange })
        .where(eq(members.id, memberId));
      await tx
        .update(memberSessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)));
      // A remembered login must not outlive the password it stood in for.
      await tx
        .update(rememberTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(rememberTokens.memberId, memberId), isNull(rememberTokens.revokedAt)));
    });
  }

  /** The member's nickname and, only while it is still empty, real name; the row as it is after. */
  async updateProfile(
    memberId: number,
    fields: {
      nickname?: string | null;
      realName?: string;
      birthday?: string;
      nationality?: string;
      address?: string | null;
      telegram?: string | null;
      zalo?: string | null;
    },
  ) {
    // Nothing sent, nothing to write: the profile as it is.
    if (Object.values(fields).every((v) => v === undefined)) return undefined;
    const [row] = await this.db
      .update(members)
      .set({
        ...(fields.nickname !== undefined ? { nickname: fields.nickname } : {}),
        // Written once: a real name, birthday or nationality already set stays, whatever was sent at the
        // same moment.
        ...(fields.realName !== undefined
          ? { payeeName: sql`coalesce(${members.payeeName}, ${fields.realName})` }
          : {}),
        ...(fields.birthday !== undefined
          ? { birthday: sql`coalesce(${members.birthday}, ${fields.birthday}::date)` }
          : {}),
        ...(fields.nationality !== undefined
          ? { nationality: sql`coalesce(${members.nationality}, ${fields.nationality})` }
          : {}),
        ...(fields.address !== undefined ? { address: fields.address } : {}),
        ...(fields.telegram !== undefined ? { telegram: fields.telegram } : {}),
        ...(fields.zalo !== undefined ? { zalo: fields.zalo } : {}),
      })
      .where(eq(members.id, memberId))
      .returning();
    return row;
  }

  /** The member's latest sessions, newest first, each marked when it is the one with this token hash. */
  recentSessions(memberId: number, currentTokenHash: string, limit: number) {
    return this.db
      .select({
        id: memberSessions.id,
        loginType: memberSessions.loginType,
        ip: memberSessions.ip,
        userAgent: memberSessions.userAgent,
        createdAt: memberSessions.createdAt,
        current: sql<boolean>`${memberSessions.tokenHash} = ${currentTokenHash}`,
        active: sql<boolean>`${memberSessions.revokedAt} is null and ${memberSessions.expiresAt} > now()`,
      })
      .from(memberSessions)
      .where(eq(memberSessions.memberId, memberId))
      .orderBy(desc(memberSessions.createdAt), desc(memberSessions.id))
      .limit(limit);
  }

  async setIcon(memberId: number, icon: number) {
    await this.db.update(members).set({ icon }).where(eq(members.id, memberId));
  }

  async setPendingTotpSecret(memberId: number, secret: string) {
    await this.db.update(members).set({ totpPendingSecret: secret }).where(eq(members.id, memberId));
  }

  async activateTotp(memberId: number, step: number) {
    await this.db
      .update(members)
      .set({ totpSecret: sql`${members.totpPendingSecret}`, totpPendingSecret: null, totpLastStep: step })
      .where(eq(members.id, memberId));
  }

  async deactivateTotp(memberId: number) {
    await this.db
      .update(members)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(members.id, memberId));
  }

  /** Records a code's time step as used; false when it (or a later one) was used already: no replays. */
  async consumeTotpStep(memberId: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(members)
      .set({ totpLastStep: step })
      .where(and(eq(members.id, memberId), sql`coalesce(${members.totpLastStep}, -1) < ${step}`))
      .returning({ id: members.id });
    return rows.length === 1;
  }

  async saveHandoff(row: { codeHash: string; brandId: number; memberId: number; expiresAt: Date }) {
    await this.db.insert(sessionHandoffs).values(row);
  }

  /** The member a fresh, unused hand-off code of this brand was issued for; the code stays unspent. */
  async peekHandoff(codeHash: string, brandId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ memberId: sessionHandoffs.memberId })
      .from(sessionHandoffs)
      .where(unspentHandoff(codeHash, brandId));
    return row?.memberId;
  }

  /** Spends a hand-off code of this brand, once, while it is fresh; the member it was issued for. */
  async redeemHandoff(codeHash: string, brandId: number): Promise<number | undefined> {
    const [row] = await this.db
      .update(sessionHandoffs)
      .set({ usedAt: sql`now()` })
      .where(unspentHandoff(codeHash, brandId))
      .returning({ memberId: sessionHandoffs.memberId });
    return row?.memberId;
  }

  /** Hand-off codes spent or expired more than an hour ago. */
  async purgeExpiredHandoffs(): Promise<number> {
    const gone = await this.db
      .delete(sessionHandoffs)
      .where(sql`${sessionHandoffs.expiresAt} < now() - interval '1 hour'`)
      .returning({ codeHash: sessionHandoffs.codeHash });
    return gone.length;
  }

  async saveRememberToken(memberId: number, tokenHash: string, expiresAt: Date) {
    await this.db.insert(rememberTokens).values({ memberId, tokenHash, expiresAt });
  }

  async findRememberToken(tokenHash: string) {
    const [row] = await this.db
      .select()
      .from(rememberTokens)
      .where(
        and(
          eq(rememberTokens.tokenHash, tokenHash),
          isNull(rememberTokens.revokedAt),
          gt(rememberTokens.expiresAt, sql`now()`),
        ),
      );
    return row;
  }

  async revokeRememberToken(tokenHash: string) {
    await this.db
      .update(rememberTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(rememberTokens.tokenHash, tokenHash), isNull(rememberTokens.revokedAt)));
  }

  async createSession(session: typeof memberSessions.$inferInsert) {
    await this.db.insert(memberSessions).values(session);
  }

  /** The live session for a token hash with its member, if the session is neither expired nor revoked. */
  /** The sessions (with their members) of these token hashes; unknown hashes have no row. */
  findSessions(tokenHashes: string[]) {
    return this.sessionsQuery.execute({ hashes: textArrayLiteral(tokenHashes) });
  }

  async revokeSession(tokenHash: string) {
    await this.db
      .update(memberSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(memberSessions.tokenHash, tokenHash), isNull(memberSessions.revokedAt)));
  }

  async recordFailure(brandId: number, username: string, ip: string) {
    await this.db.insert(loginFailures).values({ brandId, username, ip });
  }

  async clearFailures(brandId: number, username: string) {
    await this.db
      .delete(loginFailures)
      .where(and(eq(loginFailures.brandId, brandId), eq(loginFailures.username, username)));
  }

  async saveCaptcha(id: string, answerHash: string, expiresAt: Date) {
    await this.db.insert(captchas).values({ id, answerHash, expiresAt });
  }

  /** Marks the captcha used and returns its answer hash, only if it was unused and unexpired. */
  async redeemCaptcha(id: string): Promise<string | undefined> {
    const [row] = await this.db
      .update(captchas)
      .set({ usedAt: sql`now()` })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
      .returning({ answerHash: captchas.answerHash });
    return row?.answerHash;
  }

  registerRules(brandId: number) {
    return this.db.select().from(registerFieldRules).where(eq(registerFieldRules.brandId, brandId));
  }

  /** Stores these fields' rules (the others stay), with what must commit alongside (the audit row). */
  saveRegisterRules(
    brandId: number,
    rules: Array<{
      field: string;
      enabled: boolean;
      required: boolean;
      minLength: number;
      maxLength: number;
      patternId: number;
    }>,
    alongside: (tx: Database) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      if (rules.length > 0)
        await tx
          .insert(registerFieldRules)
          .values(rules.map((r) => ({ brandId, ...r })))
          .onConflictDoUpdate({
            target: [registerFieldRules.brandId, registerFieldRules.field],
            set: {
              enabled: sql`excluded.enabled`,
              required: sql`excluded.required`,
              minLength: sql`excluded.min_length`,
              maxLength: sql`excluded.max_length`,
              patternId: sql`excluded.pattern_id`,
            },
          });
      await alongside(tx as unknown as Database);
    });
  }
}
