import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { preloadShell, Shell } from './lazy-shell';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { adminRoutes } from './routes/admin-routes';
import { dataRoutes } from './routes/data-routes';
import { figureRoutes } from './routes/figure-routes';

/**
 * Every screen is its own lazily loaded chunk, so the login page does not carry the shell and the
 * shell does not carry screens the user never opens. The shell itself is loaded by the signed-in area
 * (lazy-shell.tsx), so a signed-out visitor's redirect to the login page loads none of it.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    hydrateFallbackElement: <FullPageLoader label="Loading…" />,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/auth/pages/login-page')).LoginPage }),
      },
      {
        path: '/login/microsoft',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/microsoft-callback-page')).MicrosoftCallbackPage,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: '/confirm-email',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/confirm-email-page')).ConfirmEmailPage,
        }),
      },
      {
        // A portal's public page: its link's key is the credential, no session (docs/decisions/portals.md).
        path: '/portals/:url',
        lazy: async () => ({
          Component: (await import('../features/portals/pages/public-portal-page')).PublicPortalPage,
        }),
      },
      {
        element: <RequireSession />,
        loader: preloadShell,
        shouldRevalidate: () => false,
        children: [
          {
            element: <Shell />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              ...figureRoutes,
              ...dataRoutes,
              ...adminRoutes,
              // Every screen of the product is built: a path no route takes (a mistyped link) is not found.
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('../components/not-found-page')).NotFoundPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
]);
