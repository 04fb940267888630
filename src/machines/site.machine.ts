import { assign, setup } from 'xstate';
import type { SystemStatus, Whitelabel } from '../api/contract/system';
import { requiredActor } from './required-actor';

export interface SiteData {
  status: SystemStatus;
  whitelabel: Whitelabel;
}

export interface SiteContext {
  whitelabel: Whitelabel | null;
  ip: string | null;
  maintenanceMessage: string | null;
  /** When a scheduled maintenance is planned to end (epoch milliseconds). */
  maintenanceUntil: number | null;
  errorCode: string | null;
}

export type SiteEvent =
  | { type: 'RETRY' }
  /** Any call answered MAINTENANCE or REGION_BLOCKED: the whole site follows. */
  | { type: 'MAINTENANCE' }
  | { type: 'REGION_BLOCKED' };

/**
 * The site's life: load the brand and the system status, then show the site, the maintenance screen or
 * the region-blocked screen, re-checking the status while the site is open.
 */
export const siteMachine = setup({
  types: { context: {} as SiteContext, events: {} as SiteEvent },
  actors: {
    loadSite: requiredActor<SiteData>('loadSite'),
    checkStatus: requiredActor<SystemStatus>('checkStatus'),
  },
  delays: { statusPoll: 60_000 },
  guards: {
    isMaintenance: (_, status: SystemStatus) => status.status === 1,
    isBlocked: (_, status: SystemStatus) => status.status === 2,
  },
  actions: {
    rememberStatus: assign((_, status: SystemStatus) => ({
      ip: status.ip,
      maintenanceMessage: status.message,
      maintenanceUntil: status.until ?? null,
    })),
  },
}).createMachine({
  id: 'site',
  initial: 'loading',
  context: { whitelabel: null, ip: null, maintenanceMessage: null, maintenanceUntil: null, errorCode: null },
  states: {
    loading: {
      entry: assign({ errorCode: null }),
      invoke: {
        id: 'loadSite',
        src: 'loadSite',
        onDone: [
          {
            guard: { type: 'isMaintenance', params: ({ event }) => event.output.status },
            target: 'maintenance',
            actions: [
              assign({ whitelabel: ({ event }) => event.output.whitelabel }),
              { type: 'rememberStatus', params: ({ event }) => event.output.status },
            ],
          },
          {
            guard: { type: 'isBlocked', params: ({ event }) => event.output.status },
            target: 'blocked',
            actions: [
              assign({ whitelabel: ({ event }) => event.output.whitelabel }),
              { type: 'rememberStatus', params: ({ event }) => event.output.status },
            ],
          },
          {
            target: 'ready',
            actions: [
              assign({ whitelabel: ({ event }) => event.output.whitelabel }),
              { type: 'rememberStatus', params: ({ event }) => event.output.status },
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            errorCode: ({ event }) => (event.error as { code?: string } | null)?.code ?? 'UNKNOWN',
          }),
        },
      },
    },
    ready: {
      after: { statusPoll: 'rechecking' },
      on: { MAINTENANCE: 'loading', REGION_BLOCKED: 'loading' },
    },
    rechecking: {
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        onDone: [
          {
            guard: { type: 'isMaintenance', params: ({ event }) => event.output },
            target: 'maintenance',
            actions: { type: 'rememberStatus', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isBlocked', params: ({ event }) => event.output },
            target: 'blocked',
            actions: { type: 'rememberStatus', params: ({ event }) => event.output },
          },
          { target: 'ready' },
        ],
        // A failed poll says nothing about the site; keep it open and try again later.
        onError: 'ready',
      },
      on: { MAINTENANCE: 'loading', REGION_BLOCKED: 'loading' },
    },
    maintenance: { on: { RETRY: 'loading' } },
    blocked: { on: { RETRY: 'loading' } },
    failed: { on: { RETRY: 'loading' } },
  },
});
