import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session-store';

/** Signed-out visitors go to the login page, which brings them back here afterwards. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    const to = next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
