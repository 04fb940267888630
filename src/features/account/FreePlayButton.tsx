import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import type { LoginResult } from '../../api/contract/accounts';
import { errorKey } from '../../api/errors';
import { freePlayMachine } from '../../machines/free-play.machine';
import { inspectOptions } from '../../machines/inspect';
import { loader } from '../../ui/Loader';

const machine = freePlayMachine.provide({
  actors: {
    startFreePlay: fromPromise(() =>
      call('freePlay', { body: { platform: 'W', os: navigator.platform.slice(0, 32) } }),
    ),
  },
  actions: { showLoader: () => loader.show(), hideLoader: () => loader.hide() },
});

/** "Try without an account": a trial session, shown when the brand allows free play (FREEPLAY3). */
export function FreePlayButton({ onDone }: { onDone: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const [state, send] = useMachine(machine, inspectOptions());
  useEffect(() => {
    if (state.status === 'done' && state.output) onDone(state.output.result);
  }, [state.status, state.output, onDone]);
  return (
    <div className="free-play">
      <button
        type="button"
        className="btn btn-ghost btn-block"
        data-testid="free-play"
        disabled={!state.matches('idle')}
        onClick={() => send({ type: 'START' })}
      >
        {t('account.free_play')}
      </button>
      {state.context.errorCode && (
        <p className="form-error" role="alert">
          {t(errorKey(state.context.errorCode))}
        </p>
      )}
    </div>
  );
}
