import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { integerArrayLiteral, integerArrayOf, textArrayLiteral } from '../../lib/pg-array';
import { loginFailures, memberNotes, memberSessions, members, rememberTokens } from './accounts.tables';

/** What the back office's search matches; every field given must match. */
export interface MemberSearchFilter {
  username?: string | undefined;
  mobile?: string | undefined;
  email?: string | undefined;
  ip?: string | undefined;
  agent?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  cpf?: string | undefined;
}

/**
 * The CPF column of members (identity, KYC): the search matches it exactly. Were it null, the search
 * would refuse a CPF with a field issue (MembersAdmin.search) instead of matching nothing.
 */
const CPF_COLUMN: ReturnType<typeof sql> | null = sql`m.cpf`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A LIKE pattern that matches `text` literally at the start. */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const contains = (text: string) => `%${prefix(text)}`;

export interface SummaryRow {
  id: number;
  username: string;
  nickname: string | null;
  email: string | null;
  mobile: string | null;
  countryDialingCode: string | null;
  status: string;
  vipLevel: number;
  userType: number;
  agent: string | null;
  createdAt: Date;
  registerIp: string | null;
  lastLoginAt: Date | null;
  lastLoginIp: string | null;
}

const SUMMARY = sql`
  m.id, m.username, m.nickname, m.email, m.mobile, m.country_dialing_code AS "countryDialingCode",
  m.status, m.vip_level AS "vipLevel", m.user_type AS "userType", p.username AS agent,
  m.created_at AS "createdAt", host(m.register_ip) AS "registerIp", m.last_login_at AS "lastLoginAt",
  host(m.last_login_ip) AS "lastLoginIp"`;

const summary = (r: SummaryRow): SummaryRow => ({
  ...r,
  id: Number(r.id),
  vipLevel: Number(r.vipLevel),
  userType: Number(r.userType),
  createdAt: new Date(r.createdAt),
  lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt) : null,
});

/** Writes of the back office's member actions run `audit` in their own transaction. */
export type AuditIn = (tx: Database) => Promise<void>;

/** The back office's reads and writes of members (the accounts module's tables only). */
export class MembersAdminRepository {
  constructor(private readonly db: Database) {}

  /** Whether the search can match a CPF yet (the KYC hook above). */
  get searchesCpf() {
    return CPF_COLUMN !== null;
  }

  async search(brandId: number, f: MemberSearchFilter, page: { offset: number; limit: number }) {
    const where = [sql`m.brand_id = ${brandId}`];
    if (f.username) where.push(sql`m.username LIKE ${prefix(f.username)}`);
    if (f.email) where.push(sql`lower(m.email) LIKE ${prefix(f.email)}`);
    if (f.mobile)
      where.push(
        sql`(m.mobile LIKE ${contains(f.mobile)} OR coalesce(m.country_dialing_code, '') || m.mobile LIKE ${prefix(f.mobile)})`,
      );
    if (f.ip)
      where.push(sql`(m.register_ip = ${f.ip}::inet OR m.last_login_ip = ${f.ip}::inet
        OR EXISTS (SELECT 1 FROM member_sessions s WHERE s.member_id = m.id AND s.ip = ${f.ip}::inet))`);
    if (f.agent)
      where.push(sql`EXISTS (SELECT 1 FROM member_tree t JOIN members a ON a.id = t.ancestor_id
        WHERE t.member_id = m.id AND t.depth > 0 AND a.brand_id = ${brandId} AND a.username = ${f.agent})`);
    if (f.from) where.push(sql`m.created_at >= ${f.from}`);
    if (f.to) where.push(sql`m.created_at < ${f.to}`);
    if (f.cpf && CPF_COLUMN) where.push(sql`${CPF_COLUMN} = ${f.cpf}`);
    const result = await this.db.execute(sql`
      SELECT ${SUMMARY}, count(*) OVER () AS total
      FROM members m LEFT JOIN members p ON p.id = m.parent_id
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`);
    const rows = rowsOf<SummaryRow & { total: number }>(result);
    let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && page.offset > 0) {
      const counted = await this.db.execute(sql`
        SELECT count(*)::int AS n FROM members m WHERE ${sql.join(where, sql` AND `)}`);
      total = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
    }
    return { rows: rows.map(({ total: _, ...r }) => summary(r)), total };
  }

  /** One member of the brand with what its page shows of the row, by username. */
  async member(brandId: number, username: string) {
    const result = await this.db.execute(sql`
      SELECT ${SUMMARY}, m.payee_name AS "payeeName", m.birthday::text AS birthday, m.nationality,
             m.language, m.first_login_at AS "firstLoginAt", m.password_changed_at AS "passwordChangedAt",
             m.totp_secret IS NOT NULL AS "twoFactor", m.password_hash IS NOT NULL AS "hasPassword",
             m.payment_password_hash IS NOT NULL AS "hasPaymentPassword",
             coalesce((SELECT array_agg(a.username ORDER BY t.depth DESC) FROM member_tree t
                       JOIN members a ON a.id = t.ancestor_id WHERE t.member_id = m.id AND t.depth > 0),
                      '{}') AS uplines
      FROM members m LEFT JOIN members p ON p.id = m.parent_id
      WHERE m.brand_id = ${brandId} AND m.username = ${username}`);
    const [row] = rowsOf<
      SummaryRow & {
        payeeName: string | null;
        birthday: string | null;
        nationality: string | null;
        language: string | null;
        firstLoginAt: Date | null;
        passwordChangedAt: Date;
        twoFactor: boolean;
        hasPassword: boolean;
        hasPaymentPassword: boolean;
        uplines: string[] | string;
      }
    >(result);
    if (!row) return undefined;
    return {
      ...row,
      ...summary(row),
      firstLoginAt: row.firstLoginAt ? new Date(row.firstLoginAt) : null,
      passwordChangedAt: new Date(row.passwordChangedAt),
      uplines: parseTextArray(row.uplines),
    };
  }

  /** The member's logins, newest first. */
  sessions(memberId: number, limit: number) {
    return this.db
      .select({
        id: memberSessions.id,
        loginType: memberSessions.loginType,
        ip: sql<string | null>`host(${memberSessions.ip})`,
        device: memberSessions.userAgent,
        createdAt: memberSessions.createdAt,
        expiresAt: memberSessions.expiresAt,
        endedAt: memberSessions.revokedAt,
      })
      .from(memberSessions)
      .where(eq(memberSessions.memberId, memberId))
      .orderBy(desc(memberSessions.createdAt), desc(memberSessions.id))
      .limit(limit);
  }

  /** Each browser or app the member logged in with: its logins, the last one, and its addresses. */
  async devices(memberId: number, limit: number) {
    const result = await this.db.execute(sql`
      SELECT user_agent AS device, count(*)::int AS logins, max(created_at) AS "lastAt",
             array_agg(DISTINCT host(ip)) FILTER (WHERE ip IS NOT NULL) AS ips
      FROM member_sessions WHERE member_id = ${memberId} AND user_agent IS NOT NULL
      GROUP BY user_agent ORDER BY max(created_at) DESC LIMIT ${limit}`);
    return rowsOf<{ device: string; logins: number; lastAt: Date; ips: string[] | string | null }>(
      result,
    ).map((r) => ({
      device: r.device,
      logins: Number(r.logins),
      lastAt: new Date(r.lastAt),
      ips: parseTextArray(r.ips),
    }));
  }

  failedLogins(brandId: number, username: string, limit: number) {
    return this.db
      .select({ ip: sql<string | null>`host(${loginFailures.ip})`, at: loginFailures.createdAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.brandId, brandId), eq(loginFailures.username, username)))
      .orderBy(desc(loginFailures.createdAt))
      .limit(limit);
  }

  notes(memberId: number) {
    return this.db
      .select({
        id: memberNotes.id,
        operator: memberNotes.operatorName,
        body: memberNotes.body,
        createdAt: memberNotes.createdAt,
      })
      .from(memberNotes)
      .where(eq(memberNotes.memberId, memberId))
      .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id));
  }

  /**
   * Other members of the brand sharing a device (the same browser or app), an address (at registration or
   * a login) or a payee name (their own, or a bank account holder's in `holderNames`) with this one: at
   * most `limit` of each kind.
   */
  async linked(brandId: number, memberId: number, holderNames: string[], limit: number) {
    const names = holderNames.map((n) => n.trim().toLowerCase()).filter(Boolean);
    const result = await this.db.execute(sql`
      WITH my_ips AS (
        SELECT ip FROM member_sessions WHERE member_id = ${memberId} AND ip IS NOT NULL
        UNION SELECT register_ip FROM members WHERE id = ${memberId} AND register_ip IS NOT NULL),
      my_devices AS (
        SELECT DISTINCT user_agent FROM member_sessions WHERE member_id = ${memberId} AND user_agent IS NOT NULL),
      my_names AS (
        SELECT lower(btrim(payee_name)) AS name FROM members WHERE id = ${memberId} AND payee_name IS NOT NULL
        UNION SELECT unnest(${textArrayLiteral(names)}::text[])),
      by_ip AS (
        SELECT DISTINCT x.member_id, 'ip' AS kind, host(x.ip) AS value FROM (
          SELECT s.member_id, s.ip FROM member_sessions s JOIN my_ips USING (ip)
          UNION SELECT m.id, m.register_ip FROM members m JOIN my_ips i ON i.ip = m.register_ip) x
        WHERE x.member_id <> ${memberId} LIMIT ${limit}),
      by_device AS (
        SELECT DISTINCT s.member_id, 'device' AS kind, s.user_agent AS value
        FROM member_sessions s JOIN my_devices d USING (user_agent)
        WHERE s.member_id <> ${memberId} LIMIT ${limit}),
      by_name AS (
        SELECT m.id AS member_id, 'payee_name' AS kind, m.payee_name AS value
        FROM members m JOIN my_names n ON n.name = lower(btrim(m.payee_name))
        WHERE m.id <> ${memberId} AND m.brand_id = ${brandId} LIMIT ${limit})
      SELECT o.id, o.username, o.status, l.kind, l.value
      FROM (SELECT * FROM by_ip UNION ALL SELECT * FROM by_device UNION ALL SELECT * FROM by_name) l
      JOIN members o ON o.id = l.member_id AND o.brand_id = ${brandId}
      ORDER BY o.username, l.kind, l.value`);
    return rowsOf<{ id: number; username: string; status: string; kind: string; value: string }>(result).map(
      (r) => ({ ...r, id: Number(r.id) }),
    );
  }

  /**
   * Addresses (at registration or a login since `since`) shared by at least `min` members of the brand,
   * or, by 'device', the same browser on the same address: the risk scan's groups. Each group's members
   * newest first (the newest account is the one the flag is about). At most 200 groups, largest first.
   */
  async groups(brandId: number, by: 'address' | 'device', since: Date, min: number) {
    const seen =
      by === 'address'
        ? sql`SELECT m.id AS member_id, m.created_at, host(m.register_ip) AS value
              FROM members m
              WHERE m.brand_id = ${brandId} AND m.register_ip IS NOT NULL AND m.created_at >= ${since}
              UNION
              SELECT m.id, m.created_at, host(s.ip)
              FROM member_sessions s JOIN members m ON m.id = s.member_id AND m.brand_id = ${brandId}
              WHERE s.ip IS NOT NULL AND s.created_at >= ${since}`
        : sql`SELECT DISTINCT m.id AS member_id, m.created_at, host(s.ip) || ' ' || s.user_agent AS value
              FROM member_sessions s JOIN members m ON m.id = s.member_id AND m.brand_id = ${brandId}
              WHERE s.ip IS NOT NULL AND s.user_agent IS NOT NULL AND s.created_at >= ${since}`;
    const result = await this.db.execute(sql`
      WITH seen AS (${seen})
      SELECT value, array_agg(member_id ORDER BY created_at DESC, member_id DESC) AS members
      FROM (SELECT DISTINCT member_id, created_at, value FROM seen) d
      GROUP BY value HAVING count(*) >= ${min}
      ORDER BY count(*) DESC, value LIMIT 200`);
    return rowsOf<{ value: string; members: Array<number | string> | string }>(result).map((r) => ({
      value: r.value,
      members: integerArrayOf(r.members),
    }));
  }

  /** These members of the brand (the others are left out), by id. */
  async byIds(brandId: number, ids: number[]) {
    if (ids.length === 0) return new Map<number, { username: string; status: string }>();
    const result = await this.db.execute(sql`
      SELECT id, username, status FROM members
      WHERE brand_id = ${brandId} AND id = ANY(${integerArrayLiteral(ids)}::integer[])`);
    return new Map(
      rowsOf<{ id: number; username: string; status: string }>(result).map((r) => [
        Number(r.id),
        { username: r.username, status: r.status },
      ]),
    );
  }

  /** Ends the member's open sessions and remembered logins inside `tx`; answers how many sessions. */
  private async endAll(tx: Database, memberId: number) {
    const ended = await tx
      .update(memberSessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(memberSessions.memberId, memberId),
          isNull(memberSessions.revokedAt),
          sql`${memberSessions.expiresAt} > now()`,
        ),
      )
      .returning({ id: memberSessions.id });
    await tx
      .update(rememberTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(rememberTokens.memberId, memberId), isNull(rememberTokens.revokedAt)));
    return ended.length;
  }

  /**
   * Moves the member from status `from` to `to` (a lock also ends its sessions), with `audit` in the same
   * transaction. Answers undefined when the member was not in `from`, else the sessions ended.
   */
  async setStatus(
    memberId: number,
    from: string,
    to: string,
    audit: (tx: Database, sessionsEnded: number) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const changed = await tx
        .update(members)
        .set({ status: to })
        .where(and(eq(members.id, memberId), eq(members.status, from)))
        .returning({ id: members.id });
      if (changed.length === 0) return undefined;
      const ended = to === 'active' ? 0 : await this.endAll(tx, memberId);
      await audit(tx, ended);
      return { sessionsEnded: ended };
    });
  }

  /** Ends every open session of the member, with `audit` in the same transaction; answers how many. */
  endSessions(memberId: number, audit: (tx: Database, sessionsEnded: number) => Promise<void>) {
    return this.db.transaction(async (tx) => {
      const ended = await this.endAll(tx, memberId);
      await audit(tx, ended);
      return ended;
    });
  }

  /** Forgets the member's payment password; false when it had none. */
  clearPaymentPassword(memberId: number, audit: AuditIn) {
    return this.db.transaction(async (tx) => {
      const cleared = await tx
        .update(members)
        .set({ paymentPasswordHash: null })
        .where(and(eq(members.id, memberId), sql`${members.paymentPasswordHash} IS NOT NULL`))
        .returning({ id: members.id });
      if (cleared.length === 0) return false;
      await audit(tx);
      return true;
    });
  }

  /** Sets the VIP level; answers the level it had, or undefined when it was already this one. */
  setVipLevel(memberId: number, level: number, audit: (tx: Database, before: number) => Promise<void>) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ vipLevel: members.vipLevel })
        .from(members)
        .where(eq(members.id, memberId))
        .for('update');
      if (!row || row.vipLevel === level) return undefined;
      await tx.update(members).set({ vipLevel: level }).where(eq(members.id, memberId));
      await audit(tx, row.vipLevel);
      return row.vipLevel;
    });
  }

  addNote(
    note: { brandId: number; memberId: number; operatorId: number; operatorName: string; body: string },
    audit: (tx: Database, id: number) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(memberNotes).values(note).returning({ id: memberNotes.id });
      await audit(tx, row!.id);
      return row!.id;
    });
  }

  /** A transaction of its own for an audit row with nothing of this module's to write beside it. */
  inTransaction(work: AuditIn) {
    return this.db.transaction(work);
  }
}

/** A text[] as the driver gives it: an array, or PGlite's literal "{a,b}". */
function parseTextArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  if (!inner) return [];
  return inner.split(',').map((v) => v.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1'));
}
