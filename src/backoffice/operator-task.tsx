import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { call } from '../api/client';
import type { Endpoints } from '../api/endpoints';
import { errorKey } from '../api/errors';
import { inspectOptions } from '../machines/inspect';
import { type OperatorTask, operatorTaskMachine } from '../machines/operator-task.machine';
import type { Attempt } from '../machines/request-attempt';
import { Modal } from '../ui/Modal';

/**
 * The operator-task machine wired to the API: a task's kind is the endpoint it calls with its body. A
 * session found dead on the way sends the operator back to the login (`onExpired`).
 */
export function useOperatorTask(token: string, onExpired?: () => void) {
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
  const actor = useMachine(machine, inspectOptions());
  const code = actor[0].context.errorCode;
  useEffect(() => {
    if (code === 'UNAUTHORIZED' || code === 'SESSION_EXPIRED') onExpired?.();
  }, [code, onExpired]);
  return actor;
}

type TaskActor = ReturnType<typeof useOperatorTask>;

/** The failure of a task sent without confirmation, for its panel to show beside the form; else null. */
export function inlineFailure(state: TaskActor[0]) {
  if (!state.hasTag('failed') || state.context.task?.confirm !== false) return null;
  return {
    code: state.context.errorCode ?? 'UNKNOWN',
    issues: state.context.errorIssues,
    message: state.context.errorMessage,
  };
}

/**
 * What the last task that went through answered, when it was of `kind` (null before, once another task
 * starts, or when the last one was of another kind).
 */
export function taskResult<T>(state: TaskActor[0], kind: string): T | null {
  return state.context.done?.kind === kind ? ((state.context.result as T | null) ?? null) : null;
}

/**
 * The confirmation of an operator change: what it changes, the reason asked for (where the route keeps
 * one), then sending, and on a failure its message with "try again" (the same request id) or "cancel".
 * A task sent without confirmation shows no dialog: its panel shows its failure beside the form.
 */
export function TaskDialog({ state, send }: { state: TaskActor[0]; send: TaskActor[1] }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const task = state.context.task;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new change starts with an empty reason
  useEffect(() => setReason(''), [task]);
  if (!task || state.matches('idle') || task.confirm === false) return null;
  const busy = state.hasTag('busy');
  const failed = state.hasTag('failed');
  const asksReason = task.reason !== false;
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
        {asksReason && (
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
        )}
        {state.context.errorCode && (
          <p className="form-error" role="alert" data-code={state.context.errorCode}>
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
