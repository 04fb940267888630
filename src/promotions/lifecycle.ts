/**
 * A promotion's lifecycle for one member (spec 4.8, "Activity"), defined once: the server refuses every
 * move this table does not allow, and the page shows the status it derives with `activityStatus`.
 *
 * Stored per member (`promotion_entries.status`): nothing yet, then
 *   joined     the member opted in; the promotion waits for its trigger (a deposit, ...)
 *   applying   a manual application waits for the operator
 *   claimable  the reward is earned and waits in the reward centre for the member's claim
 *   issued     the reward was credited on its own (a promotion that needs no claim)
 *   claimed    the member claimed it
 *   rejected   the operator refused the application
 *   expired    the claim window passed unclaimed
 */
export const ENTRY_STATUSES = [
  'joined',
  'applying',
  'claimable',
  'issued',
  'claimed',
  'rejected',
  'expired',
] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** How a member takes part: opts in first, applies to the operator, or is counted without asking. */
export const ENTRY_MODES = ['join', 'apply', 'auto'] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];

/** Whether an earned reward waits for the member's claim or is credited at once. */
export const CLAIM_MODES = ['claim', 'auto'] as const;
export type ClaimMode = (typeof CLAIM_MODES)[number];

export type EntryEvent =
  | { type: 'JOIN' }
  | { type: 'APPLY' }
  | { type: 'QUALIFY' }
  | { type: 'APPROVE' }
  | { type: 'REJECT' }
  | { type: 'CLAIM' }
  | { type: 'EXPIRE' };

/** Where an earned reward goes: the reward centre, or straight to the member. */
const earned = (claim: ClaimMode): EntryStatus => (claim === 'claim' ? 'claimable' : 'issued');

/**
 * The status an entry moves to on `event`, or null when the lifecycle does not allow it (`from` null: the
 * member has no entry yet). Qualifying, approving and expiring are the server's; the rest the member's.
 */
export function nextEntryStatus(
  from: EntryStatus | null,
  event: EntryEvent['type'],
  rule: { entry: EntryMode; claim: ClaimMode },
): EntryStatus | null {
  switch (event) {
    case 'JOIN':
      return from === null && rule.entry === 'join' ? 'joined' : null;
    case 'APPLY':
      return from === null && rule.entry === 'apply' ? 'applying' : null;
    case 'QUALIFY':
      return (from === null && rule.entry === 'auto') || from === 'joined' ? earned(rule.claim) : null;
    case 'APPROVE':
      return from === 'applying' ? earned(rule.claim) : null;
    case 'REJECT':
      return from === 'applying' ? 'rejected' : null;
    case 'CLAIM':
      return from === 'claimable' ? 'claimed' : null;
    case 'EXPIRE':
      return from === 'claimable' ? 'expired' : null;
  }
}

/**
 * What the member sees on a promotion (the spec's activity statuses): its buttons come from this, and
 * `in_process` is a promotion that counts the member without asking.
 */
export const ACTIVITY_STATUSES = [
  'coming_soon',
  'join',
  'apply',
  'in_process',
  'joined',
  'applying',
  'claim',
  'issued',
  'claimed',
  'rejected',
  'close',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export function activityStatus(input: {
  entry: EntryMode;
  status: EntryStatus | null;
  /** Before its start, after its end, paused or its budget spent. */
  phase: 'upcoming' | 'open' | 'ended';
}): ActivityStatus {
  const { status, phase } = input;
  if (status === 'claimable') return 'claim';
  if (status === 'issued' || status === 'claimed' || status === 'rejected') return status;
  if (status === 'expired') return 'close';
  if (phase === 'upcoming') return 'coming_soon';
  if (phase === 'ended') return 'close';
  if (status === 'joined' || status === 'applying') return status;
  return input.entry === 'join' ? 'join' : input.entry === 'apply' ? 'apply' : 'in_process';
}
