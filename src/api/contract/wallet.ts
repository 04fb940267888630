import { z } from 'zod';
import { boundedPeriod, brandDay, contractView, period } from './agents';
import { epochMillisQuery, minorUnits, sentAmount } from './common';

const id = z.string().trim().min(1).max(64);

// --- The game-vendor wallet API (seamless), signed with HMAC-SHA256 over the raw body ---------------

export const VENDOR_HEADER = 'x-vendor-code';
export const SIGNATURE_HEADER = 'x-signature';
/** Set on an answer that repeats the first answer to the same transaction id. */
export const REPLAY_HEADER = 'x-idempotent-replay';

export const vendorAuthenticateBody = z.object({ token: z.string().min(16).max(128) });
export const vendorBalanceBody = z.object({ playerId: id });
/** The currency the vendor means; when sent, it must be the brand's (CURRENCY_MISMATCH otherwise). */
const currency = z.string().trim().min(3).max(8).optional();
export const vendorBetBody = z.object({
  token: z.string().min(16).max(128),
  playerId: id,
  transactionId: id,
  roundId: id,
  /** Minor units as a JSON number (an integer): a numeric string such as "2500" is refused, never read. */
  amount: sentAmount,
  gameCode: id.optional(),
  currency,
});
export const vendorWinBody = z.object({
  playerId: id,
  transactionId: id,
  roundId: id,
  amount: sentAmount,
  gameCode: id.optional(),
  currency,
});
export const vendorRollbackBody = z.object({
  playerId: id,
  /** The rollback's own id (a retry sends the same). */
  transactionId: id,
  /** The bet being refunded; it may not have arrived yet. */
  betTransactionId: id,
  roundId: id,
});
export const vendorWalletAnswer = z.object({
  playerId: z.string(),
  currency: z.string(),
  balance: minorUnits,
  /** Our id of the movement, for reconciliation. */
  transactionId: z.string().optional(),
});
export type VendorWalletAnswer = z.infer<typeof vendorWalletAnswer>;

// --- The member's wallets (spec 2.5, 7) ----------------------------------------------------------------

export const walletBalance = z.object({
  balance: minorUnits,
  currency: z.string(),
  /** True: games play from this one wallet; false: each vendor has its own, filled by transfers. */
  isSingle: z.boolean(),
});
export const vendorWallet = z.object({ vendor: z.string(), name: z.string(), balance: minorUnits });
export const consolidatedFunds = z.object({
  currency: z.string(),
  main: minorUnits,
  vendors: z.array(vendorWallet),
  total: minorUnits,
  /** Contract requests waiting for the member's answer (the contract dialog, spec 2.4). */
  contractRequests: z.array(contractView),
});
export const merchantWallets = z.object({
  isSingle: z.boolean(),
  currency: z.string(),
  wallets: z.array(vendorWallet),
});
export const walletTransferBody = z.object({
  vendor: id,
  /** 'in' moves money from the main wallet into the vendor's; 'out' brings it back. */
  direction: z.enum(['in', 'out']),
  amount: sentAmount,
  /** Made by the page once per transfer, so a retried request moves the money once. */
  requestId: z.string().trim().min(8).max(64),
});
export const walletTransferResult = z.object({ main: minorUnits, vendor: minorUnits, currency: z.string() });

// --- The account record (transactionHistory) ------------------------------------------------------------

export const RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'reversal',
  'transfer',
  'bonus',
  'adjustment',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
export const recordsQuery = z.object({
  type: z.enum(RECORD_TYPES).optional(),
  from: epochMillisQuery.optional(),
  to: epochMillisQuery.optional(),
  /** The id of the last line already shown: the page after it. */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const accountRecord = z.object({
  id: z.number().int(),
  type: z.string(),
  /** Which wallet: 'main', 'hold' or a vendor code. */
  wallet: z.string(),
  amount: minorUnits,
  balanceAfter: minorUnits,
  createdAt: z.number().int(),
  /** What the line is about: a deposit reference, a vendor and round, a withdrawal. */
  detail: z.record(z.string(), z.unknown()),
});
export const accountRecords = z.object({ items: z.array(accountRecord), more: z.boolean() });

/** agentDownlineTransactionDetailsCopy (the agent centre): the downline's account records, newest first. */
export const teamRecordsQuery = boundedPeriod(
  period.extend({
    /** One member of the downline, by exact username. */
    username: z.string().trim().toLowerCase().max(64).optional(),
    type: z.enum(RECORD_TYPES).optional(),
    /** The id of the last line already shown: the page after it. */
    before: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
);
export const teamRecords = accountRecords.extend({
  items: z.array(accountRecord.extend({ username: z.string() })),
  currency: z.string(),
  from: brandDay,
  to: brandDay,
});

// --- Transfers inside the agent tree ----------------------------------------------------------------------

export const uplineTransferBody = z.object({
  amount: sentAmount,
  paymentPassword: z.string().regex(/^\d{6}$/),
  requestId: z.string().trim().min(8).max(64),
});
export const downlineTransferBody = uplineTransferBody.extend({ username: z.string().trim().min(1).max(64) });
/** What the transfer page needs: who is above, whether the member may pay players below, and the wallet. */
export const treeTransferSetup = z.object({
  /** The agent directly above, whom transferUpline pays; null when there is none. */
  upline: z.string().nullable(),
  /** Agents may also pay any player below them in the tree. */
  canPayDownline: z.boolean(),
  hasPaymentPassword: z.boolean(),
  balance: minorUnits,
  currency: z.string(),
});
export const downlineQuery = z.object({
  /** The start of a username; empty lists the players nearest the agent first. */
  q: z.string().trim().max(64).default(''),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const downlineMembers = z.object({
  items: z.array(
    z.object({
      username: z.string(),
      nickname: z.string().nullable(),
      /** 1 for a player the agent brought in directly, 2 for one of theirs, and so on. */
      depth: z.number().int().min(1),
    }),
  ),
});
export const treeTransferResult = z.object({
  to: z.string(),
  amount: minorUnits,
  balance: minorUnits,
  currency: z.string(),
});
