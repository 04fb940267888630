/** The agent centre's pages in menu order (spec 2.6). */
export const AGENT_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];
export const isAgentPage = (page: string | undefined): page is AgentPage =>
  (AGENT_PAGES as readonly string[]).includes(page ?? '');
export const agentPagePath = (page: AgentPage) => `/agentHome/${page}`;
/** Where /agentHome opens. */
export const AGENT_HOME: AgentPage = 'agentTeamOverview';
