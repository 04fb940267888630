import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SecretBox } from '../../lib/secret-box';
import { installationSecret } from '../../lib/secrets';
import type { Database } from '../client';
import { brands, paymentMethods, seedRuns } from '../schema';

/**
 * The demo brand's ways to pay in: the simulated gateway, PIX with a "copia e cola" code paid through the
 * simulated PIX provider (v2), and a PIX transfer the operator confirms.
 */
export async function seedDemoPayments(db: Database, master: SecretBox): Promise<boolean> {
  const box = new SecretBox(await installationSecret(db, master, 'sealed-secrets-key'));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: 'demo-payments-v1' })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [brand] = await tx.select().from(brands).where(eq(brands.isDefault, true));
    if (!brand) return false;
    await tx.insert(paymentMethods).values([
      {
        brandId: brand.id,
        code: 'sim-gateway',
        kind: 'gateway',
        name: { pt: 'AuroraPay (pagamento online simulado)', en: 'AuroraPay (simulated online payment)' },
        minAmount: 500,
        maxAmount: 1_000_000,
        details: { provider: 'AuroraPay' },
        secretCipher: box.seal(randomBytes(32).toString('base64url')),
        sortOrder: 0,
      },
      {
        brandId: brand.id,
        code: 'pix',
        kind: 'bank_transfer',
        name: { pt: 'Transferência PIX', en: 'PIX bank transfer' },
        minAmount: 1_000,
        maxAmount: 5_000_000,
        details: {
          bank: 'Banco Aurora Demo',
          holder: 'Aurora Bet Entretenimento Ltda',
          pixKey: 'pagamentos@aurora.example',
          account: '0001 / 12345-6',
        },
        sortOrder: 1,
      },
    ]);
    return true;
  });
}

/** v2: PIX by QR code through the simulated provider, second in the order (after the gateway). */
export async function seedDemoPix(db: Database, master: SecretBox): Promise<boolean> {
  const box = new SecretBox(await installationSecret(db, master, 'sealed-secrets-key'));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: 'demo-payments-v2-pix' })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [brand] = await tx.select().from(brands).where(eq(brands.isDefault, true));
    if (!brand) return false;
    await tx
      .update(paymentMethods)
      .set({ sortOrder: 2 })
      .where(and(eq(paymentMethods.brandId, brand.id), eq(paymentMethods.code, 'pix')));
    await tx
      .insert(paymentMethods)
      .values({
        brandId: brand.id,
        code: 'pix-qr',
        kind: 'pix',
        name: { pt: 'PIX (QR Code / copia e cola)', en: 'PIX (QR code / copy and paste)' },
        minAmount: 1_000,
        maxAmount: 5_000_000,
        details: {
          pixKeyType: 'email',
          pixKey: 'pagamentos@aurora.example',
          merchantName: 'AURORA BET DEMO',
          merchantCity: 'SAO PAULO',
        },
        provider: 'sim',
        secretCipher: box.seal(randomBytes(32).toString('base64url')),
        sortOrder: 1,
      })
      .onConflictDoNothing();
    return true;
  });
}
