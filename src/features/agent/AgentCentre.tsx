import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useNavigate, useParams } from 'react-router-dom';
import { call } from '../../api/client';
import type { ContractKind } from '../../api/contract/agents';
import { CloseIcon } from '../../ui/icons';
import { useCurrentLinkInView } from '../common/useCurrentLinkInView';
import { usePageTitle } from '../common/usePageTitle';
import { AGENT_HOME, AGENT_PAGES, type AgentPage, agentPagePath, isAgentPage } from './pages';
import '../member/member.css';
import './agent.css';

/** Every page of the centre, loaded when opened. */
const bills = (name: 'DividendBills' | 'DailyWages' | 'HourSalary' | 'RealtimeSalary') =>
  lazy(() => import('./BillsPage').then((m) => ({ default: m[name] })));
const built: Partial<Record<AgentPage, ReturnType<typeof lazy>>> = {
  agentAnnouncement: lazy(() => import('./AnnouncementPage')),
  agentTeamOverview: lazy(() => import('./TeamOverviewPage')),
  registerCenter: lazy(() => import('./RegisterCenterPage')),
  downlineManagmentView: lazy(() => import('./DownlinePage')),
  personalHistoryCopy: lazy(() => import('./TeamBetsPage')),
  palStatementsAgentCopy: lazy(() => import('./MemberProfitPage')),
  agentRevenueReport: lazy(() => import('./RevenuePage')),
  agentDownlineTransactionDetailsCopy: lazy(() => import('./TeamRecordsPage')),
  agentDividendRecordCopy2: bills('DividendBills'),
  agentDailyWages2: bills('DailyWages'),
  agentHourSalary: bills('HourSalary'),
  agentRealtimeSalary: bills('RealtimeSalary'),
};

/** The bill pages, each shown only to an agent dealing in its kind of contract (spec 2.6). */
const BILL_PAGES: Partial<Record<AgentPage, ContractKind>> = {
  agentDividendRecordCopy2: 'dividend',
  agentDailyWages2: 'daily_salary',
  agentHourSalary: 'hourly_salary',
  agentRealtimeSalary: 'realtime_salary',
};

/** The kinds of contract the agent holds or gave (offers answered or not; not declined or withdrawn). */
function useContractKinds() {
  const [kinds, setKinds] = useState<Set<ContractKind> | null>(null);
  useEffect(() => {
    let live = true;
    call('agentContracts').then(
      (c) => {
        const dealt = [...c.held, ...c.given].filter(
          (x) => x.status !== 'rejected' && x.status !== 'withdrawn',
        );
        if (live) setKinds(new Set(dealt.map((x) => x.kind)));
      },
      () => live && setKinds(new Set()),
    );
    return () => {
      live = false;
    };
  }, []);
  return kinds;
}

/** The agent centre (spec 2.6): its menu and the open page; it can be closed back to the site. */
export default function AgentCentre() {
  const { t } = useTranslation();
  const { page } = useParams();
  const menu = useCurrentLinkInView<HTMLElement>(page);
  const navigate = useNavigate();
  usePageTitle('AGENT');
  const kinds = useContractKinds();
  const shown = (key: AgentPage) => Boolean(built[key]) && (!BILL_PAGES[key] || kinds?.has(BILL_PAGES[key]!));
  if (!isAgentPage(page) || !built[page]) return <Navigate to={agentPagePath(AGENT_HOME)} replace />;
  if (kinds && !shown(page)) return <Navigate to={agentPagePath(AGENT_HOME)} replace />;
  const Page = built[page]!;
  return (
    <div className="page member-centre agent-centre" data-testid="agent-centre">
      <aside className="member-nav card">
        <div className="member-nav-head">
          <h1>{t('agent.centre')}</h1>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('centre.close')}
            onClick={() => navigate('/')}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('agent.centre')} ref={menu}>
          {AGENT_PAGES.filter(shown).map((key) => (
            <NavLink key={key} to={agentPagePath(key)} className="member-nav-link">
              {t(`agent.pages.${key}`)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <section className="member-page card" data-testid={`agent-page-${page}`}>
        <h2 className="member-page-title">{t(`agent.pages.${page}`)}</h2>
        <Suspense fallback={<div className="skeleton" style={{ height: 240 }} />}>
          <Page />
        </Suspense>
      </section>
    </div>
  );
}
