import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import './originals.css';
import { ORIGINAL_GAMES, type OriginalGame } from '../../originals/outcome';
import { ErrorNotice } from '../../ui/ErrorNotice';
import NotFound from '../common/NotFound';
import { useOriginalsSettings } from './useOriginals';

const views = {
  dice: lazy(() => import('./DiceGame')),
  limbo: lazy(() => import('./LimboGame')),
  plinko: lazy(() => import('./PlinkoGame')),
  keno: lazy(() => import('./KenoGame')),
  mines: lazy(() => import('./MinesGame')),
  crash: lazy(() => import('./CrashGame')),
} satisfies Record<OriginalGame, unknown>;

const isGame = (code: string | undefined): code is OriginalGame =>
  (ORIGINAL_GAMES as readonly string[]).includes(code ?? '');

/** `/originals/:game`: one in-house game, once its settings and tables are loaded. */
export default function OriginalGameRoute() {
  const { game } = useParams();
  const { settings, failed } = useOriginalsSettings();
  if (!isGame(game)) return <NotFound />;
  if (failed) return <ErrorNotice code={failed} />;
  if (!settings) return <div className="page page-loading" aria-busy="true" />;
  const View = views[game];
  return (
    <Suspense fallback={<div className="page page-loading" aria-busy="true" />}>
      <View settings={settings} />
    </Suspense>
  );
}
