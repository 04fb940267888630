import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type AccountMode, accountModalMachine } from '../../machines/account-modal.machine';
import { inspectOptions } from '../../machines/inspect';

export type { AccountMode };

type ModalActor = ActorRefFrom<typeof accountModalMachine>;
const Ctx = createContext<ModalActor | null>(null);

export function AccountModalProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(accountModalMachine, inspectOptions());
  return <Ctx.Provider value={actor}>{children}</Ctx.Provider>;
}

export function useAccountModal() {
  const actor = useContext(Ctx);
  if (!actor) throw new Error('useAccountModal outside AccountModalProvider');
  const state = useSelector(actor, (s) => s.value);
  const returnTo = useSelector(actor, (s) => s.context.returnTo);
  return useMemo(
    () => ({
      mode: state === 'closed' ? null : (state as AccountMode),
      /** Where a login should land: the guarded route the guest was stopped at, if any. */
      returnTo,
      open: (mode: AccountMode, returnTo?: string | null) => actor.send({ type: 'OPEN', mode, returnTo }),
      close: () => actor.send({ type: 'CLOSE' }),
    }),
    [actor, state, returnTo],
  );
}
