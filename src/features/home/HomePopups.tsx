import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import type { Announcement, Execution } from '../../api/contract/content';
import { homePopupsMachine } from '../../machines/home-popups.machine';
import { inspectOptions } from '../../machines/inspect';
import { useForegroundTaken } from '../../ui/foreground';
import { Modal } from '../../ui/Modal';
import { useAccountModal } from '../account/AccountModalContext';
import { useSession } from '../session/session';
import { AnnouncementList } from './AnnouncementList';

const CLOSED_KEY = 'homePopupsClosed';

function closedThisSession() {
  try {
    return sessionStorage.getItem(CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

const machine = homePopupsMachine.provide({
  actors: {
    fetchPopups: fromPromise<Announcement[], { executions: Execution[] }>(async ({ input }) => {
      const set = await call('announcements', {
        query: { types: 'popup', platform: 'W', execution: input.executions.join(',') },
      });
      return set.popups;
    }),
  },
  actions: {
    rememberClosed: () => {
      try {
        sessionStorage.setItem(CLOSED_KEY, '1');
      } catch {
        // Without storage the popups simply show again on the next visit.
      }
    },
  },
});

/** Spec 4.7: guests see execution B; members A, plus F on their first login. */
export function executionsFor(kind: 'guest' | 'trial' | 'member', firstLogin = false): Execution[] {
  if (kind === 'guest') return ['B'];
  return firstLogin ? ['A', 'F'] : ['A'];
}

/** A new session (login, logout) asks again with its own popup executions. */
export function HomePopups() {
  const session = useSession();
  const account = useAccountModal();
  // Never on top of the account popup: they wait until it is closed.
  if (session.pending || account.mode) return null;
  return (
    <SessionPopups
      key={`${session.kind}:${session.firstLogin}`}
      kind={session.kind}
      firstLogin={session.firstLogin}
    />
  );
}

function SessionPopups({ kind, firstLogin }: { kind: 'guest' | 'trial' | 'member'; firstLogin: boolean }) {
  const { t } = useTranslation();
  const blocked = useForegroundTaken();
  const [state, send] = useMachine(machine, {
    input: { executions: executionsFor(kind, firstLogin), closedForSession: closedThisSession(), blocked },
    ...inspectOptions(),
  });
  useEffect(() => send({ type: blocked ? 'BLOCKED' : 'UNBLOCKED' }), [blocked, send]);
  if (!state.matches({ open: 'showing' })) return null;
  return (
    <Modal title={t('popups.title')} onClose={() => send({ type: 'CLOSE' })} testId="home-popups" wide>
      <AnnouncementList
        items={state.context.items}
        openIndex={state.context.openIndex}
        onToggle={(index) => send({ type: 'TOGGLE', index })}
      />
    </Modal>
  );
}
