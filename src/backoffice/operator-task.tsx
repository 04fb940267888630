import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../api/client';
import type { Endpoints } from '../api/endpoints';
import { errorKey } from '../api/errors';
import { inspectOptions } from '../machines/inspect';
import { type OperatorTask, operatorTaskMachine } from '../machines/operator-task.machine';
import type { Attempt } from '../machines/request-attempt';
import { Modal } from '../ui/Modal';

/** The operator-task machine wired to the API: a task's kind is the endpoint it calls with its body. */
export function useOperatorTask(token: string) {
  const machine = useMemo(
    () =>
      operatorTaskMachine.provide({
        actors: {
          perform: fromPromise<unknown, Attempt<OperatorTask>>(({ input }) =>
            call(
              input.request.kind as keyof Endpoints,
              {
                token,
                body: { ...input.request.body, requestId: input.requestId },
              } as never,
            ),
          ),
        },
      }),
    [token],
  );
  return useMachine(machine, inspectOptions());
}

type TaskActor = ReturnType<typeof useOperatorTask>;

/**
 * The confirmation of an operator change: what it changes, the reason asked for, then sending, and on a
 * failure its message with "try again" (the same request id) or "cancel".
 */
export function TaskDialog({ state, send }: { state: TaskActor[0]; send: TaskActor[1] }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const task = state.context.task;
  if (!task || state.matches('idle')) return null;
  const busy = state.hasTag('busy');
  const failed = state.hasTag('failed');
  return (
    <Modal
      title={t(`backoffice.tasks.${task.kind}`)}
      onClose={() => !busy && send({ type: 'CANCEL' })}
      testId="bo-task"
    >
      <form
        className="bo-task"
        onSubmit={(e) => {
          e.preventDefault();
          if (failed) send({ type: 'RETRY' });
          else send({ type: 'CONFIRM', reason });
        }}
      >
        <dl className="bo-task-summary">
          {Object.entries(task.summary).map(([label, value]) => (
            <div key={label}>
              <dt>{t(`backoffice.task_fields.${label}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <label className="field">
          <span>{t('backoffice.reason')}</span>
          <textarea
            name="reason"
            value={reason}
            maxLength={200}
            required
            minLength={3}
            disabled={busy || failed}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        {state.context.errorCode && (
          <p className="form-error" role="alert">
            {state.context.errorMessage ?? t(errorKey(state.context.errorCode))}
          </p>
        )}
        <div className="dialog-actions">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy}
            onClick={() => send({ type: 'CANCEL' })}
          >
            {t('backoffice.identity.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {failed ? t('backoffice.try_again') : t('backoffice.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
