import type { ContractStatus } from '../../agents/contract-lifecycle';
import type { DepositStatus } from './payments';
import type { WithdrawalStatus } from './withdrawals';

/** What the server pushes to a logged-in member's socket (spec 2.4, 4.8 notifications). */
export type MemberEvent =
  | { type: 'balance'; balance: number; currency: string }
  | { type: 'deposit'; reference: string; status: DepositStatus; amount: number }
  | { type: 'withdrawal'; reference: string; status: WithdrawalStatus; amount: number }
  /** A contract request arrived or was answered (the contract dialog looks again). */
  | { type: 'contract'; contractId: number; status: ContractStatus }
  /** A promotion's reward or bonus changed (earned, claimed, released...): the badges and pages look again. */
  | { type: 'rewards'; claimable: number }
  /**
   * Logins of the member were ended (an operator locked it or ended its sessions): each of its sockets
   * checks its own login at once instead of at its next timed check. Never sent on to the page.
   */
  | { type: 'session_check' };

/** The `session_check` event as the socket's sink receives it. */
export const SESSION_CHECK_EVENT = JSON.stringify({ type: 'session_check' });

/** What the browser sends: its session token, first, within a few seconds of connecting. */
export interface SocketAuth {
  type: 'auth';
  token: string;
}

export const SOCKET_PATH = '/api/ws';
/** The close code of a socket whose login is missing or ended: the page must not reopen it with that token. */
export const SESSION_ENDED_CLOSE = 4401;
