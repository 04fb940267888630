import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { brands, registerFieldRules, seedRuns } from '../schema';

/**
 * The registration fields the demo brand turns on beyond the defaults, so a visitor sees a brand's own
 * rules at work: WhatsApp and LINE, both optional (a real player is not made to fill them).
 */
export const demoRegisterRules = [
  { field: 'whatsapp', enabled: true, required: false, minLength: 8, maxLength: 15, patternId: 7 },
  { field: 'line', enabled: true, required: false, minLength: 2, maxLength: 40, patternId: 10 },
];

export async function seedDemoRegisterRules(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: 'demo-register-rules-v1' })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [brand] = await tx.select().from(brands).where(eq(brands.isDefault, true));
    if (!brand) return false;
    await tx
      .insert(registerFieldRules)
      .values(demoRegisterRules.map((rule) => ({ ...rule, brandId: brand.id })))
      .onConflictDoNothing();
    return true;
  });
}
