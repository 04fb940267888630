import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { identityProviders, identitySignIns, memberIdentities } from './identity.tables';

export type IdentityProviderRow = typeof identityProviders.$inferSelect;
export type SignInRow = typeof identitySignIns.$inferSelect;
type Alongside = (tx: Database) => Promise<void>;

/** The identity module's tables: providers per brand, linked identities, sign-ins under way. */
export class IdentityRepository {
  constructor(private readonly db: Database) {}

  providers(brandId: number) {
    return this.db
      .select()
      .from(identityProviders)
      .where(eq(identityProviders.brandId, brandId))
      .orderBy(asc(identityProviders.id));
  }

  async provider(brandId: number, code: string): Promise<IdentityProviderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(identityProviders)
      .where(and(eq(identityProviders.brandId, brandId), eq(identityProviders.code, code)));
    return row;
  }

  async providerById(id: number): Promise<IdentityProviderRow | undefined> {
    const [row] = await this.db.select().from(identityProviders).where(eq(identityProviders.id, id));
    return row;
  }

  /** Adds a provider; undefined when the brand already has one with this code. */
  async insertProvider(row: typeof identityProviders.$inferInsert, alongside: Alongside) {
    return this.db.transaction(async (tx) => {
      const [saved] = await tx.insert(identityProviders).values(row).onConflictDoNothing().returning();
      if (saved) await alongside(tx as unknown as Database);
      return saved;
    });
  }

  /** Changes a provider of the brand, its audit row in the same transaction. */
  async updateProvider(
    brandId: number,
    code: string,
    set: Partial<
      Pick<
        IdentityProviderRow,
        'displayName' | 'issuer' | 'clientId' | 'clientSecretSealed' | 'scopes' | 'enabled' | 'purpose'
      >
    >,
    alongside: Alongside,
  ) {
    return this.db.transaction(async (tx) => {
      const [saved] = await tx
        .update(identityProviders)
        .set({ ...set, updatedAt: sql`now()` })
        .where(and(eq(identityProviders.brandId, brandId), eq(identityProviders.code, code)))
        .returning();
      if (saved) await alongside(tx as unknown as Database);
      return saved;
    });
  }

  /** The member linked to this account at the provider, if any (the time of this sign-in noted). */
  async linkedMember(providerId: number, subject: string): Promise<number | undefined> {
    const [row] = await this.db
      .update(memberIdentities)
      .set({ lastSignInAt: sql`now()` })
      .where(and(eq(memberIdentities.providerId, providerId), eq(memberIdentities.subject, subject)))
      .returning({ memberId: memberIdentities.memberId });
    return row?.memberId;
  }

  /** Links (provider, subject) to the member; answers the member it is linked to (another, if one won). */
  async link(providerId: number, subject: string, memberId: number): Promise<number> {
    const [row] = await this.db
      .insert(memberIdentities)
      .values({ providerId, subject, memberId })
      .onConflictDoNothing()
      .returning({ memberId: memberIdentities.memberId });
    return row?.memberId ?? (await this.linkedMember(providerId, subject))!;
  }

  async createSignIn(row: typeof identitySignIns.$inferInsert) {
    await this.db.insert(identitySignIns).values(row);
  }

  /**
   * Takes the sign-in with this state for its callback, once: a second callback with it finds nothing.
   * Answers it even when expired, so the caller can say so.
   */
  async takeSignIn(stateHash: string): Promise<SignInRow | undefined> {
    const [row] = await this.db
      .update(identitySignIns)
      .set({ usedAt: sql`now()` })
      .where(and(eq(identitySignIns.stateHash, stateHash), isNull(identitySignIns.usedAt)))
      .returning();
    return row;
  }

  /** The sign-in proved its member: the code the page trades for a session, hashed, for `ttlMs`. */
  async signedIn(id: number, memberId: number, completionHash: string, ttlMs: number) {
    await this.db
      .update(identitySignIns)
      .set({
        memberId,
        completionHash,
        completionExpiresAt: sql`now() + make_interval(secs => ${ttlMs / 1000})`,
      })
      .where(eq(identitySignIns.id, id));
  }

  /** Trades the completion code once, on the brand that issued it, before it expires. */
  async redeemCompletion(completionHash: string, brandId: number): Promise<number | undefined> {
    const [row] = await this.db
      .update(identitySignIns)
      .set({ completedAt: sql`now()` })
      .where(
        and(
          eq(identitySignIns.completionHash, completionHash),
          eq(identitySignIns.brandId, brandId),
          isNull(identitySignIns.completedAt),
          gt(identitySignIns.completionExpiresAt, sql`now()`),
        ),
      )
      .returning({ memberId: identitySignIns.memberId });
    return row?.memberId ?? undefined;
  }

  /** The provider verified a phone number: kept with the code the popup trades for its proof. */
  async phoneVerified(id: number, phone: string, completionHash: string, ttlMs: number) {
    await this.db
      .update(identitySignIns)
      .set({
        verifiedPhone: phone,
        completionHash,
        completionExpiresAt: sql`now() + make_interval(secs => ${ttlMs / 1000})`,
      })
      .where(eq(identitySignIns.id, id));
  }

  /**
   * Trades a phone verification's completion code once for the proof the registration presents (hashed
   * here, valid `ttlMs`). Answers the verified number, or undefined.
   */
  async issuePhoneProof(
    completionHash: string,
    brandId: number,
    proofHash: string,
    ttlMs: number,
  ): Promise<{ phone: string; providerId: number } | undefined> {
    const [row] = await this.db
      .update(identitySignIns)
      .set({
        completedAt: sql`now()`,
        proofHash,
        proofExpiresAt: sql`now() + make_interval(secs => ${ttlMs / 1000})`,
      })
      .where(
        and(
          eq(identitySignIns.completionHash, completionHash),
          eq(identitySignIns.brandId, brandId),
          isNull(identitySignIns.completedAt),
          gt(identitySignIns.completionExpiresAt, sql`now()`),
          isNotNull(identitySignIns.verifiedPhone),
        ),
      )
      .returning({ phone: identitySignIns.verifiedPhone, providerId: identitySignIns.providerId });
    return row ? { phone: row.phone!, providerId: row.providerId } : undefined;
  }

  /**
   * Spends a phone proof on a registration, once, on its brand, before it expires, and only for the
   * number it verified: a proof of another number is left unspent. True when spent.
   */
  async spendPhoneProof(proofHash: string, brandId: number, phone: string): Promise<boolean> {
    const spent = await this.db
      .update(identitySignIns)
      .set({ proofUsedAt: sql`now()` })
      .where(
        and(
          eq(identitySignIns.proofHash, proofHash),
          eq(identitySignIns.brandId, brandId),
          eq(identitySignIns.verifiedPhone, phone),
          isNull(identitySignIns.proofUsedAt),
          gt(identitySignIns.proofExpiresAt, sql`now()`),
        ),
      )
      .returning({ id: identitySignIns.id });
    return spent.length === 1;
  }

  /** Forgets sign-ins that ended (or expired) more than a day ago. */
  async purgeOld() {
    const gone = await this.db
      .delete(identitySignIns)
      .where(lt(identitySignIns.expiresAt, sql`now() - interval '1 day'`))
      .returning({ id: identitySignIns.id });
    return gone.length;
  }
}
