import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { isAgentType } from '../accounts/accounts.service';
import { verifyPassword } from '../accounts/credentials';
import type { Brand } from '../brand/brand.service';
import type { MemberEvents } from '../events/member-events';
import type { Ledger } from '../ledger/ledger';
import { checkAmount } from './amount';

type Payer = { id: number; userType: number; parentId: number | null; paymentPasswordHash: string | null };

/**
 * Money moved inside the agent tree (spec 2.5 transferUpline, the agent centre): a member to the agent
 * directly above, an agent to anyone below. Both need the payer's payment password.
 */
export class TreeTransfersService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly events?: MemberEvents,
  ) {}

  private async authorise(payer: Payer, paymentPassword: string) {
    if (!payer.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_REQUIRED');
    if (!(await verifyPassword(payer.paymentPasswordHash, paymentPassword)))
      throw new AppError('PAYMENT_PASSWORD_WRONG');
  }

  private async move(
    brand: Brand,
    payer: Payer,
    payee: { id: number; username: string },
    kind: string,
    body: { amount: number; requestId: string },
  ) {
    const amount = checkAmount(body.amount);
    const from = await this.ledger.memberAccount(brand.id, payer.id, 'main', brand.currency);
    const to = await this.ledger.memberAccount(brand.id, payee.id, 'main', brand.currency);
    const result = await this.ledger.post({
      brandId: brand.id,
      key: `m:${payer.id}:${kind}:${body.requestId}`,
      kind,
      postings: [
        { accountId: from, amount: -amount },
        { accountId: to, amount },
      ],
      meta: { from: payer.id, to: payee.id, toUsername: payee.username },
    });
    const balance = result.balances[from] ?? (await this.ledger.balance(from));
    if (!result.replayed) {
      await this.events?.publish(payer.id, { type: 'balance', balance, currency: brand.currency });
      const theirs = result.balances[to] ?? (await this.ledger.balance(to));
      await this.events?.publish(payee.id, { type: 'balance', balance: theirs, currency: brand.currency });
    }
    return { to: payee.username, amount, balance, currency: brand.currency };
  }

  async toUpline(
    brand: Brand,
    payer: Payer,
    body: { amount: number; paymentPassword: string; requestId: string },
  ) {
    checkAmount(body.amount);
    if (payer.parentId === null) throw new AppError('NO_UPLINE');
    const [upline] = await this.db
      .select({ id: members.id, username: members.username, userType: members.userType })
      .from(members)
      .where(and(eq(members.id, payer.parentId), eq(members.brandId, brand.id)));
    if (!upline || !isAgentType(upline.userType)) throw new AppError('NO_UPLINE');
    await this.authorise(payer, body.paymentPassword);
    return this.move(brand, payer, upline, 'transfer_upline', body);
  }

  async toDownline(
    brand: Brand,
    agent: Payer,
    body: { username: string; amount: number; paymentPassword: string; requestId: string },
  ) {
    if (!isAgentType(agent.userType)) throw new AppError('AGENTS_ONLY');
    checkAmount(body.amount);
    // Anyone below the agent, at any depth of the tree.
    const rows = await this.db.execute(sql`
      WITH RECURSIVE tree AS (
        SELECT id FROM members WHERE parent_id = ${agent.id} AND brand_id = ${brand.id}
        UNION
        SELECT m.id FROM members m JOIN tree t ON m.parent_id = t.id
      )
      SELECT m.id, m.username FROM members m JOIN tree t ON t.id = m.id
      WHERE m.username = ${body.username.toLowerCase()}`);
    const payee = (rows as unknown as { rows: Array<{ id: number; username: string }> }).rows[0];
    if (!payee) throw new AppError('NOT_IN_DOWNLINE');
    await this.authorise(agent, body.paymentPassword);
    return this.move(
      brand,
      agent,
      { id: Number(payee.id), username: payee.username },
      'transfer_downline',
      body,
    );
  }
}
