import type { Database } from '../../db/client';
import type { MemberIdentityRepository } from './member-identity.repository';

/**
 * The accounts module's side of identity (KYC) and LGPD, the port the kyc module reaches it through
 * (`KycMembers`): the full name, birthday and CPF on the account, the member's own data, and erasure.
 */
export class MemberIdentity {
  constructor(private readonly repo: MemberIdentityRepository) {}

  identity(memberId: number) {
    return this.repo.identity(memberId);
  }
  byUsername(brandId: number, username: string) {
    return this.repo.byUsername(brandId, username);
  }
  identities(memberIds: number[]) {
    return this.repo.identities(memberIds);
  }
  setIdentity(
    memberId: number,
    fields: { fullName?: string | undefined; birthday?: string | undefined; cpf?: string | undefined },
  ) {
    return this.repo.setIdentity(memberId, fields);
  }
  async exportOf(memberId: number): Promise<Record<string, unknown>> {
    const { member, logins, addresses } = await this.repo.exportOf(memberId);
    return {
      account: member,
      logins,
      knownAddresses: addresses,
    };
  }
  erase(memberId: number, alongside: (tx: Database) => Promise<void>) {
    return this.repo.erase(memberId, alongside);
  }
}
