/**
 * The authorization walk's fixtures for the analytics routes: a period and the `user`
 * actor's camera, or another workspace's (which must be not-found). Every figure and its CSV.
 */
const PERIOD = 'from=2026-03-01&to=2026-03-08';
const FIGURES = [
  '/api/v1/analytics/events',
  '/api/v1/analytics/events.csv',
  '/api/v1/analytics/heatmap',
  '/api/v1/analytics/heatmap.csv',
  '/api/v1/analytics/uptime',
  '/api/v1/analytics/uptime.csv',
  '/api/v1/analytics/outages.csv',
  '/api/v1/analytics/storage',
  '/api/v1/analytics/storage.csv',
  '/api/v1/analytics/footage.csv',
];

export const ANALYTICS_FIXTURES: Record<
  string,
  (w: { cameras: { own: string; foreign: string } }) => { url: string; foreignUrl?: string }
> = Object.fromEntries(
  FIGURES.map((path) => [
    `GET ${path}`,
    (w: { cameras: { own: string; foreign: string } }) => ({
      url: `${path}?${PERIOD}&cameraId=${w.cameras.own}`,
      foreignUrl: `${path}?${PERIOD}&cameraId=${w.cameras.foreign}`,
    }),
  ]),
);
