/**
 * The authorization walk's fixtures for the AI analytics routes: a period and the `user`
 * actor's camera, or another workspace's (which must be not-found). The walk's workspaces are on
 * the vms plan (route-walk-sites.ts) and the admin's on one with AI access (route-walk-ai.ts), so the
 * walk reaches the figures.
 */
const PERIOD = 'from=2026-03-01&to=2026-03-08';
const ROUTES = ['/api/v1/ai/analytics', '/api/v1/ai/analytics.csv'];

export const AI_ANALYTICS_FIXTURES: Record<
  string,
  (w: { cameras: { own: string; foreign: string } }) => { url: string; foreignUrl?: string }
> = Object.fromEntries(
  ROUTES.map((path) => [
    `GET ${path}`,
    (w: { cameras: { own: string; foreign: string } }) => ({
      url: `${path}?${PERIOD}&cameraId=${w.cameras.own}`,
      foreignUrl: `${path}?${PERIOD}&cameraId=${w.cameras.foreign}`,
    }),
  ]),
);
