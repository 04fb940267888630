/** The member centre's pages in menu order (spec 2.5). */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'verification',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];
export const isMemberPage = (page: string | undefined): page is MemberPage =>
  (MEMBER_PAGES as readonly string[]).includes(page ?? '');
export const memberPagePath = (page: MemberPage) => `/member/${page}`;
