import { masterBox } from '../../server/lib/master-key';
import { SecretBox } from '../../server/lib/secret-box';
import { installationSecret } from '../../server/lib/secrets';
import type { RoundOutcome, RoundRow } from '../../server/modules/originals/crash.repository';
import type { TestContext } from './harness';

/**
 * A crash round's row with its outcome, as only the server sees it while the round is in play: the
 * tests play against the bust, which the row keeps sealed until the round has crashed.
 */
export async function withOutcome(ctx: TestContext, round: RoundRow): Promise<RoundRow & RoundOutcome> {
  if (round.hash !== null && round.bust !== null && round.bustMs !== null)
    return { ...round, hash: round.hash, bust: round.bust, bustMs: round.bustMs };
  const box = new SecretBox(
    await installationSecret(ctx.handle.db, masterBox(ctx.masterKey), 'sealed-secrets-key'),
  );
  return { ...round, ...(JSON.parse(box.open(round.outcomeCipher!)) as RoundOutcome) };
}
