// The catalogue's general part only: the login page loads no other (docs/performance.md, Page weight).
import { GENERAL_MESSAGES as MSG } from '@verdant/domain/messages-general';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { ApiError } from '../lib/api-errors';
import { showErrorBanner } from '../lib/banners';

const LOGOUT_SUFFIX = /\/logout\/?$/;

/**
 * A one-time sign-in link may only be spent once, but development mode runs effects twice, so the
 * attempt for each token is shared.
 */
const tokenLogins = new Map<string, Promise<unknown>>();
/** Loaded when a URL asks for it, so that the first script of every page stays small. */
const authApi = () => import('../features/auth/api');
let loggingOut = false;

function withoutTokenParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('tx');
  params.delete('sx');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Handles the two URL conventions that work on any path before routing: `…/logout` signs out and
 * reloads the path without that suffix, and `?tx=&sx=` signs in with a hand-off token.
 */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const isLogout = LOGOUT_SUFFIX.test(location.pathname);
  const params = new URLSearchParams(location.search);
  const tx = params.get('tx');
  const sx = params.get('sx');
  const isTokenLogin = !isLogout && tx !== null && sx !== null;

  useEffect(() => {
    if (!isLogout || loggingOut) return;
    loggingOut = true;
    const stripped = location.pathname.replace(LOGOUT_SUFFIX, '') || '/';
    void authApi()
      .then((auth) => auth.logout())
      .finally(() => {
        window.location.replace(`${stripped}${location.search}${location.hash}`);
      });
  }, [isLogout, location]);

  useEffect(() => {
    if (!isTokenLogin || tx === null || sx === null) return;
    let active = true;
    const attempt = tokenLogins.get(tx) ?? authApi().then((auth) => auth.tokenLogin(tx, sx));
    tokenLogins.set(tx, attempt);
    attempt
      .catch((error: unknown) => {
        if (active)
          showErrorBanner(
            error instanceof ApiError && error.status !== 401 ? error.message : MSG.tokenLoginFailed,
          );
      })
      .finally(() => {
        if (!active) return;
        tokenLogins.delete(tx);
        navigate(`${location.pathname}${withoutTokenParams(location.search)}${location.hash}`, {
          replace: true,
        });
      });
    return () => {
      active = false;
    };
  }, [isTokenLogin, tx, sx, location, navigate]);

  if (isLogout) return <FullPageLoader label="Signing out…" />;
  if (isTokenLogin) return <FullPageLoader label="Signing in…" />;
  return <Outlet />;
}
