import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AuthFlowOutput } from '../../machines/auth-flow.machine';
import { AuthFlow } from '../account/AuthFlow';
import { usePageTitle } from '../common/usePageTitle';
import { useSession, useSessionActor } from '../session/session';
import AgentCentre from './AgentCentre';

/** The agent page: agents log in here (only agents may) and land on their centre. */
export default function AgentHomePage() {
  const { t } = useTranslation();
  usePageTitle('AGENT');
  const session = useSession();
  const actor = useSessionActor();
  const onEntered = useCallback(
    (output: AuthFlowOutput) => actor.send({ type: 'LOGGED_IN', result: output.result }),
    [actor],
  );
  if (session.pending) return <div className="page page-loading" aria-busy="true" />;
  if (session.isAgent) return <AgentCentre />;
  return (
    <div className="page state-page" data-testid="agent-login-page">
      <div className="state-card card agent-login">
        <h1 className="page-title">{t('agent.login_title')}</h1>
        {session.kind === 'guest' ? (
          <AuthFlow agentPage onEntered={onEntered} />
        ) : (
          <>
            <p role="alert">{t('errors.AGENTS_ONLY')}</p>
            <Link to="/" className="btn btn-primary">
              {t('not_found.back_home')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
