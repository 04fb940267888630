import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { call } from '../api/client';
import { inspectOptions } from '../machines/inspect';
import { type OperatorAction, operatorActionMachine } from '../machines/operator-action.machine';
import type { Attempt } from '../machines/request-attempt';

/** A decision's body: the reason only when there is one. */
function decision<D extends string>(
  request: { reference: string; decision: D; reason?: string },
  requestId: string,
) {
  return {
    reference: request.reference,
    decision: request.decision,
    ...(request.reason ? { reason: request.reason } : {}),
    requestId,
  };
}

/** Sends an operator action with its attempt's request id. */
function perform(token: string, { request, requestId }: Attempt<OperatorAction>) {
  switch (request.kind) {
    case 'adjust': {
      const { kind: _, ...body } = request;
      return call('adjustBalance', { token, body: { ...body, requestId } });
    }
    case 'deposit':
      return call('decideDeposit', { token, body: decision(request, requestId) });
    case 'withdrawal':
      return call('decideWithdrawal', { token, body: decision(request, requestId) });
  }
}

/** The operator-action machine, wired to the API with the operator's token. */
export function useOperatorAction(token: string) {
  const machine = useMemo(
    () =>
      operatorActionMachine.provide({
        actors: {
          perform: fromPromise<unknown, Attempt<OperatorAction>>(({ input }) => perform(token, input)),
        },
      }),
    [token],
  );
  return useMachine(machine, inspectOptions());
}
