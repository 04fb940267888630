import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { call, onApiError } from '../../api/client';
import type { SystemStatus } from '../../api/contract/system';
import { inspectOptions } from '../../machines/inspect';
import { type SiteData, siteMachine } from '../../machines/site.machine';

const site = siteMachine.provide({
  actors: {
    loadSite: fromPromise<SiteData>(async () => {
      const [status, whitelabel] = await Promise.all([call('systemStatus'), call('whitelabel')]);
      return { status, whitelabel };
    }),
    checkStatus: fromPromise<SystemStatus>(() => call('systemStatus')),
  },
});

type SiteActor = ActorRefFrom<typeof siteMachine>;
const SiteContext = createContext<SiteActor | null>(null);

export function SiteProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(site, inspectOptions());
  useEffect(
    () =>
      onApiError((error) => {
        if (error.code === 'MAINTENANCE') actor.send({ type: 'MAINTENANCE' });
        if (error.code === 'REGION_BLOCKED') actor.send({ type: 'REGION_BLOCKED' });
      }),
    [actor],
  );
  return <SiteContext.Provider value={actor}>{children}</SiteContext.Provider>;
}

export function useSiteActor(): SiteActor {
  const actor = useContext(SiteContext);
  if (!actor) throw new Error('useSiteActor outside SiteProvider');
  return actor;
}

/** The brand configuration; only call below the point where the site is ready. */
export function useWhitelabel() {
  const whitelabel = useSelector(useSiteActor(), (s) => s.context.whitelabel);
  if (!whitelabel) throw new Error('whitelabel read before the site loaded');
  return whitelabel;
}
