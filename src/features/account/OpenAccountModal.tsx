import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import HomePage from '../home/HomePage';
import { type AccountMode, useAccountModal } from './AccountModalContext';

/**
 * /login and /register: show home, open the account popup, then put the address back to /. A guest sent
 * here by a guarded route carries it in the history state (`from`), and a login lands there.
 */
export default function OpenAccountModal({ mode }: { mode: AccountMode }) {
  const { open } = useAccountModal();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const returnTo = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
  useEffect(() => {
    open(mode, returnTo);
    navigate('/', { replace: true });
  }, [mode, open, navigate, returnTo]);
  return <HomePage />;
}
