import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes, useLocation } from 'react-router-dom';
import type { SportsKind } from '../../api/contract/sports';
import { ODDS_FORMATS, type OddsFormat } from '../../sports/price';
import { usePageTitle } from '../common/usePageTitle';
import { BetSlipProvider } from './BetSlip';
import { CompetitionView } from './CompetitionView';
import { FixtureView } from './FixtureView';
import { MyBets } from './MyBets';
import { setOddsFormat, useOddsFormat } from './odds-format';
import { ResultsView } from './ResultsView';
import { SportsLobby } from './SportsLobby';
import './sports.css';

/** The book's own pages: /fbSport for sports (spec 2.1) and /esportsBook for e-sports. */
export default function SportsBookPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const kind: SportsKind = pathname.startsWith('/esportsBook') ? 'esports' : 'sports';
  const base = kind === 'esports' ? '/esportsBook' : '/fbSport';
  usePageTitle(kind === 'esports' ? 'ESPORTS' : 'SPORTS');
  const format = useOddsFormat();
  return (
    <div className="page sb-page" data-testid="sb-page" data-kind={kind}>
      <header className="sb-head">
        <h1 className="page-title">{kind === 'esports' ? t('sports.esportsTitle') : t('sports.title')}</h1>
        <label className="sb-format">
          <span className="muted">{t('sports.oddsFormat')}</span>
          <select
            value={format}
            onChange={(e) => setOddsFormat(e.target.value as OddsFormat)}
            data-testid="sb-odds-format"
          >
            {ODDS_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`sports.formats.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </header>
      <nav className="sb-nav" aria-label={t('sports.bookName')}>
        <NavLink end to={base} className="sb-nav-link">
          {t('sports.live')} · {t('sports.soon')}
        </NavLink>
        <NavLink to={`${base}/results`} className="sb-nav-link">
          {t('sports.results')}
        </NavLink>
        <NavLink to={`${base}/bets`} className="sb-nav-link" data-testid="sb-nav-bets">
          {t('sports.myBets')}
        </NavLink>
      </nav>
      <BetSlipProvider base={base}>
        <Routes>
          <Route index element={<SportsLobby kind={kind} base={base} />} />
          <Route path="competition/:id" element={<CompetitionView base={base} />} />
          <Route path="event/:id" element={<FixtureView base={base} />} />
          <Route path="results" element={<ResultsView kind={kind} />} />
          <Route path="bets" element={<MyBets />} />
        </Routes>
      </BetSlipProvider>
    </div>
  );
}
