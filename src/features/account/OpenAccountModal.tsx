import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import HomePage from '../home/HomePage';
import { type AccountMode, useAccountModal } from './AccountModalContext';

/** /login and /register: show home, open the account popup, then put the address back to /. */
export default function OpenAccountModal({ mode }: { mode: AccountMode }) {
  const { open } = useAccountModal();
  const navigate = useNavigate();
  useEffect(() => {
    open(mode);
    navigate('/', { replace: true });
  }, [mode, open, navigate]);
  return <HomePage />;
}
