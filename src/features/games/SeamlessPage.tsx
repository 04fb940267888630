import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './games.css';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { forgetLaunched, launchedGame } from './seamless-store';

/** /seamless: the launched game full-page (the vendor's own page in a frame) with a way back. */
export default function SeamlessPage() {
  const { t } = useTranslation();
  usePageTitle('SEAMLESS');
  const navigate = useNavigate();
  const [game] = useState(launchedGame);
  const box = useRef<HTMLDivElement>(null);
  // The game fills the window below the site's header, whatever the header's height at this width.
  useEffect(() => {
    const fitToWindow = () => {
      const el = box.current;
      if (el)
        el.style.height = `${Math.max(420, window.innerHeight - el.getBoundingClientRect().top - window.scrollY)}px`;
    };
    fitToWindow();
    window.addEventListener('resize', fitToWindow);
    return () => window.removeEventListener('resize', fitToWindow);
  }, []);
  const back = () => {
    forgetLaunched();
    if (window.history.length > 1) navigate(-1);
    else navigate('/');
  };
  if (!game)
    return (
      <div className="page seamless-empty card" data-testid="seamless-empty">
        <h1 className="page-title">{t('games.no_game_title')}</h1>
        <p>{t('games.no_game_text')}</p>
        <Link className="btn btn-accent" to="/">
          {t('games.back_to_lobby')}
        </Link>
      </div>
    );
  return (
    <div className="seamless" data-testid="seamless" ref={box}>
      <div className="seamless-bar">
        <button type="button" className="btn btn-ghost" onClick={back} data-testid="seamless-back">
          ← {t('games.back_to_lobby')}
        </button>
        <strong className="seamless-title">{game.gameName}</strong>
        <a className="btn btn-ghost" href={game.url} target="_blank" rel="noopener noreferrer">
          {t('games.open_window')}
        </a>
      </div>
      <iframe
        className="seamless-frame"
        src={game.url}
        title={game.gameName}
        allow="fullscreen; autoplay"
        data-testid="seamless-frame"
      />
    </div>
  );
}
