import { hashPassword } from '../../modules/accounts/credentials';
import type { Database } from '../client';
import { operators, seedRuns } from '../schema';

/** Back-office logins of the demo (README): an administrator and a finance clerk. */
export const demoOperators = [
  { username: 'demoadmin', password: 'Admin12345', role: 'admin' },
  { username: 'demofinance', password: 'Finance12345', role: 'finance' },
] as const;

export async function seedDemoOperators(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: 'demo-operators-v1' })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    for (const o of demoOperators) {
      await tx
        .insert(operators)
        .values({ username: o.username, passwordHash: await hashPassword(o.password), role: o.role });
    }
    return true;
  });
}
