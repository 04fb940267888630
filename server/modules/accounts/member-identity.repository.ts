import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { memberAddresses, memberSessions, members, rememberTokens } from './accounts.tables';

/** What the kyc module reads of a member: who, and the identity facts on the account. */
const identityColumns = {
  id: members.id,
  brandId: members.brandId,
  username: members.username,
  status: members.status,
  userType: members.userType,
  fullName: members.payeeName,
  birthday: members.birthday,
  cpf: members.cpf,
};
export type IdentityRow = {
  id: number;
  brandId: number;
  username: string;
  status: string;
  userType: number;
  fullName: string | null;
  birthday: string | null;
  cpf: string | null;
};

/**
 * The member's identity on the account (full name, birthday, CPF), its export and its erasure: the
 * accounts module's side of KYC and LGPD (server/modules/kyc reaches it through `KycMembers`).
 */
export class MemberIdentityRepository {
  constructor(private readonly db: Database) {}

  async identity(memberId: number): Promise<IdentityRow | undefined> {
    const [row] = await this.db.select(identityColumns).from(members).where(eq(members.id, memberId));
    return row;
  }

  async byUsername(brandId: number, username: string): Promise<IdentityRow | undefined> {
    const [row] = await this.db
      .select(identityColumns)
      .from(members)
      .where(and(eq(members.brandId, brandId), eq(members.username, username)));
    return row;
  }

  async identities(memberIds: number[]): Promise<IdentityRow[]> {
    if (memberIds.length === 0) return [];
    return this.db
      .select(identityColumns)
      .from(members)
      .where(sql`${members.id} = ANY(${`{${memberIds.join(',')}}`}::integer[])`);
  }

  /** Whether another account of the brand holds this CPF (11 digits). */
  async cpfTaken(brandId: number, cpf: string) {
    const [row] = await this.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.brandId, brandId), eq(members.cpf, cpf)));
    return row !== undefined;
  }

  /**
   * Writes the identity facts still missing, once: a value already stored stays whatever was sent at the
   * same moment. 'cpf_taken' when another account of the brand holds the CPF (the unique index decides,
   * so parallel requests cannot both win).
   */
  async setIdentity(
    memberId: number,
    fields: { fullName?: string | undefined; birthday?: string | undefined; cpf?: string | undefined },
  ): Promise<IdentityRow | 'cpf_taken' | undefined> {
    try {
      const [row] = await this.db
        .update(members)
        .set({
          ...(fields.fullName !== undefined
            ? { payeeName: sql`coalesce(${members.payeeName}, ${fields.fullName})` }
            : {}),
          ...(fields.birthday !== undefined
            ? { birthday: sql`coalesce(${members.birthday}, ${fields.birthday}::date)` }
            : {}),
          ...(fields.cpf !== undefined ? { cpf: sql`coalesce(${members.cpf}, ${fields.cpf})` } : {}),
        })
        .where(eq(members.id, memberId))
        .returning(identityColumns);
      return row;
    } catch (error) {
      if (isUniqueViolation(error, 'members_brand_cpf_uq')) return 'cpf_taken';
      throw error;
    }
  }

  /** The member's own row and logins, as stored (the LGPD export). */
  async exportOf(memberId: number) {
    const [member] = await this.db
      .select({
        username: members.username,
        nickname: members.nickname,
        fullName: members.payeeName,
        birthday: members.birthday,
        cpf: members.cpf,
        nationality: members.nationality,
        email: members.email,
        mobile: members.mobile,
        countryDialingCode: members.countryDialingCode,
        contacts: members.contacts,
        address: members.address,
        telegram: members.telegram,
        zalo: members.zalo,
        language: members.language,
        userType: members.userType,
        status: members.status,
        twoFactor: sql<boolean>`${members.totpSecret} is not null`,
        registerIp: members.registerIp,
        createdAt: members.createdAt,
        firstLoginAt: members.firstLoginAt,
        lastLoginAt: members.lastLoginAt,
        lastLoginIp: members.lastLoginIp,
      })
      .from(members)
      .where(eq(members.id, memberId));
    const logins = await this.db
      .select({
        loginType: memberSessions.loginType,
        ip: memberSessions.ip,
        userAgent: memberSessions.userAgent,
        createdAt: memberSessions.createdAt,
        expiresAt: memberSessions.expiresAt,
        revokedAt: memberSessions.revokedAt,
      })
      .from(memberSessions)
      .where(eq(memberSessions.memberId, memberId))
      .orderBy(desc(memberSessions.createdAt));
    const addresses = await this.db
      .select({
        ip: memberAddresses.ip,
        firstSeenAt: memberAddresses.firstSeenAt,
        lastSeenAt: memberAddresses.lastSeenAt,
      })
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, memberId));
    return { member, logins, addresses };
  }

  /**
   * Erases what identifies the member beyond the identity the law keeps (docs/privacy.md): contact and
   * profile fields, credentials, addresses, and the addresses and browsers of its logins; the account is
   * closed ('erased') and every session ends. The full name, birthday and CPF stay. `alongside` commits
   * with it (the kyc module's files and the audit row).
   */
  async erase(memberId: number, alongside: (tx: Database) => Promise<void>) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(members)
        .set({
          username: sql`'erased' || ${members.id}`,
          passwordHash: null,
          nickname: null,
          email: null,
          mobile: null,
          countryDialingCode: null,
          contacts: {},
          nationality: null,
          address: null,
          telegram: null,
          zalo: null,
          totpSecret: null,
          totpPendingSecret: null,
          paymentPasswordHash: null,
          lastLoginIp: null,
          registerIp: null,
          status: 'erased',
        })
        .where(eq(members.id, memberId))
        .returning({ id: members.id, username: members.username });
      await tx
        .update(memberSessions)
        .set({ ip: null, userAgent: null, revokedAt: sql`coalesce(${memberSessions.revokedAt}, now())` })
        .where(eq(memberSessions.memberId, memberId));
      await tx.delete(rememberTokens).where(eq(rememberTokens.memberId, memberId));
      await tx.delete(memberAddresses).where(eq(memberAddresses.memberId, memberId));
      await alongside(tx as unknown as Database);
      return row;
    });
  }
}
