import { z } from 'zod';
import { minorUnits } from './common';

/**
 * Trial money (free play, FREEPLAY3; docs/money.md "Trial money"): a trial account starts with
 * TRIAL_GRANT minor units of the brand's currency, moved from the brand's `trial` house account, and may
 * top it back up to TRIAL_GRANT TRIAL_TOP_UPS times, once its balance is below TRIAL_TOP_UP_BELOW. After
 * TRIAL_HOURS the account is closed and whatever it holds goes back to the `trial` account.
 */
export const TRIAL_GRANT = 200_000;
export const TRIAL_TOP_UPS = 3;
export const TRIAL_TOP_UP_BELOW = 20_000;
export const TRIAL_HOURS = 24;

/** The trial wallet as its player sees it. */
export const trialWallet = z.object({
  balance: minorUnits,
  currency: z.string(),
  /** What a top-up brings the balance back to. */
  grant: minorUnits,
  /** A top-up is offered below this balance. */
  topUpBelow: minorUnits,
  topUpsLeft: z.number().int().min(0),
  canTopUp: z.boolean(),
  /** When the trial ends (epoch ms): the account closes and its trial money goes back. */
  endsAt: z.number().int(),
});
export type TrialWallet = z.infer<typeof trialWallet>;
