import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type AuthFlowOutput, authFlowMachine, type LoginMethod } from '../../machines/auth-flow.machine';
import { inspectOptions } from '../../machines/inspect';
import { ChangePasswordForm, siteChangePasswordMachine } from './ChangePasswordForm';
import { LoginForm, siteLoginMachine } from './LoginForm';

/**
 * Logging in, and the password change the server may require first: renders whichever child of the auth
 * flow is running, and hands the final login to `onEntered`.
 */
export function AuthFlow({
  agentPage = false,
  method = 'username',
  onEntered,
  onSwitchToRegister,
  onForgot,
}: {
  agentPage?: boolean;
  method?: LoginMethod;
  onEntered: (output: AuthFlowOutput) => void;
  onSwitchToRegister?: () => void;
  onForgot?: () => void;
}) {
  const machine = useMemo(
    () =>
      authFlowMachine.provide({
        actors: { login: siteLoginMachine, changePassword: siteChangePasswordMachine },
        actions: { enter: (_, output) => onEntered(output) },
      }),
    [onEntered],
  );
  const [state] = useMachine(machine, { input: { agentPage, method }, ...inspectOptions() });
  const change = state.children.changePassword as ActorRefFrom<typeof siteChangePasswordMachine> | undefined;
  const login = state.children.login as ActorRefFrom<typeof siteLoginMachine> | undefined;
  if (change) return <ChangePasswordForm actor={change} />;
  if (login) {
    return (
      <LoginForm
        actor={login}
        agentPage={agentPage}
        method={method}
        {...(onSwitchToRegister ? { onSwitchToRegister } : {})}
        {...(onForgot ? { onForgot } : {})}
      />
    );
  }
  return null;
}
