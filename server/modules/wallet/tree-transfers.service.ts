import type { LanguageCode } from '../../../src/api/contract/common';
import { AppError } from '../../http/app-error';
import type { MemberTree } from '../accounts/accounts.service';
import { isAgentType } from '../accounts/accounts.service';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import type { Ledger } from '../ledger/ledger';
import type { PaymentPasswordGuard } from '../security/payment-password';
import { checkAmount, checkBrandAmount } from './amount';

type Payer = {
  id: number;
  username: string;
  userType: number;
  parentId: number | null;
  paymentPasswordHash: string | null;
};

/**
 * Money moved inside the agent tree (spec 2.5 transferUpline, the agent centre): a member to the agent
 * directly above, an agent to anyone below. Both need the payer's payment password.
 */
export class TreeTransfersService {
  constructor(
    private readonly tree: MemberTree,
    private readonly ledger: Ledger,
    private readonly paymentPasswords: PaymentPasswordGuard,
    private readonly events?: MemberEvents,
  ) {}

  private authorise(payer: Payer, paymentPassword: string) {
    return this.paymentPasswords.verify(payer, paymentPassword);
  }

  private async move(
    brand: Brand,
    payer: Payer,
    payee: { id: number; username: string },
    kind: string,
    body: { amount: number; requestId: string },
  ) {
    const amount = checkAmount(body.amount);
    const result = await this.ledger.transfer({
      brand,
      key: `m:${payer.id}:${kind}:${body.requestId}`,
      kind,
      from: { memberId: payer.id, wallet: 'main' },
      to: { memberId: payee.id, wallet: 'main' },
      amount,
      meta: { from: payer.id, fromUsername: payer.username, to: payee.id, toUsername: payee.username },
    });
    const balance = await this.ledger.balanceAfter(result, result.from);
    if (!result.replayed) {
      await this.events?.publish(payer.id, { type: 'balance', balance, currency: brand.currency });
      const theirs = await this.ledger.balanceAfter(result, result.to);
      await this.events?.publish(payee.id, { type: 'balance', balance: theirs, currency: brand.currency });
    }
    return { to: payee.username, amount, balance, currency: brand.currency };
  }

  async toUpline(
    brand: Brand,
    payer: Payer,
    body: { amount: number; paymentPassword: string; requestId: string },
    lang: LanguageCode = 'en',
  ) {
    checkBrandAmount(brand, body.amount, lang);
    const upline = await this.upline(brand, payer.parentId);
    if (!upline) throw new AppError('NO_UPLINE');
    await this.authorise(payer, body.paymentPassword);
    return this.move(brand, payer, upline, 'transfer_upline', body);
  }

  /** What the transfer page shows: the agent above, whether the member may pay downwards, the wallet. */
  async setup(brand: Brand, member: Payer) {
    const upline = await this.upline(brand, member.parentId);
    const main = await this.ledger.memberAccount(brand.id, member.id, 'main', brand.currency);
    return {
      upline: upline?.username ?? null,
      canPayDownline: isAgentType(member.userType),
      hasPaymentPassword: member.paymentPasswordHash !== null,
      balance: await this.ledger.balance(main),
      currency: brand.currency,
    };
  }

  /** The agent directly above, if there is one (a parent that is not an agent does not count). */
  private async upline(brand: Brand, parentId: number | null) {
    if (parentId === null) return undefined;
    const upline = await this.tree.member(brand.id, parentId);
    return upline && isAgentType(upline.userType) ? upline : undefined;
  }

  private below(brand: Brand, agentId: number, match: { exact: string } | { prefix: string }, limit: number) {
    return this.tree.descendants(brand.id, agentId, match, limit);
  }

  /** The agent's downline for the transfer form's player picker. */
  async downline(brand: Brand, agent: Payer, query: { q: string; limit: number }) {
    if (!isAgentType(agent.userType)) throw new AppError('AGENTS_ONLY');
    const rows = await this.below(brand, agent.id, { prefix: query.q }, query.limit);
    return { items: rows.map(({ username, nickname, depth }) => ({ username, nickname, depth })) };
  }

  async toDownline(
    brand: Brand,
    agent: Payer,
    body: { username: string; amount: number; paymentPassword: string; requestId: string },
    lang: LanguageCode = 'en',
  ) {
    if (!isAgentType(agent.userType)) throw new AppError('AGENTS_ONLY');
    checkBrandAmount(brand, body.amount, lang);
    const [payee] = await this.below(brand, agent.id, { exact: body.username }, 1);
    if (!payee) throw new AppError('NOT_IN_DOWNLINE');
    await this.authorise(agent, body.paymentPassword);
    return this.move(brand, agent, payee, 'transfer_downline', body);
  }
}
