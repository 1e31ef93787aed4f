import { Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from '../features/system/pages/error-page.tsx';
import { LandingRoute } from './landing-route.tsx';
import { LandingLayout } from './layouts/landing-layout.tsx';
import { notFoundLoader, pageLoader } from './page-loaders.tsx';
import { RootFallback, RootShell } from './root-shell.tsx';
import { ALL_ROUTES } from './route-table.ts';

/** React Router wants relative child paths under a pathless layout; "/" is the index. */
function child(path: string, lazy: RouteObject['lazy']): RouteObject {
  return path === '/' ? { index: true, lazy } : { path: path.slice(1), lazy };
}

const landing = ALL_ROUTES.filter((r) => r.layout === 'landing');
const app = ALL_ROUTES.filter((r) => r.layout !== 'landing' && r.layout !== 'bare');
const bare = ALL_ROUTES.filter((r) => r.layout === 'bare');

/** Every path of spec §2 (from packages/shared ROUTES) plus the reset pages and a catch-all. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootShell />,
    // A page that throws shows what to try and whom to ask, not the router's developer screen.
    errorElement: <ErrorPage />,
    HydrateFallback: RootFallback,
    children: [
      {
        element: <LandingLayout />,
        children: landing.map((r) =>
          // The landing page is in the first chunk too: a first visit renders it before the app loads.
          r.path === '/' ? { index: true, element: <LandingRoute /> } : child(r.path, pageLoader(r)),
        ),
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/app-layout.tsx')).AppLayout }),
        children: app.map((r) => child(r.path, pageLoader(r))),
      },
      ...bare.map((r) => child(r.path, pageLoader(r))),
      // Spec §4 step 1 names /login and /register as public paths; they lead to the real pages.
      { path: 'login', element: <Navigate to="/auth/login" replace /> },
      { path: 'register', element: <Navigate to="/auth/register" replace /> },
      { path: '*', lazy: notFoundLoader },
    ],
  },
];
