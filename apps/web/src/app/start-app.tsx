import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

/**
 * The app: router, session, data and realtime. It replaces whatever the root showed (the landing's
 * first render) and takes over the browser's history at the current address.
 */
export function startApp(root: Root): void {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
    </StrictMode>,
  );
}
