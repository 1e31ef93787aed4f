import type { CoreObjects } from './route-walk-core.ts';

/**
 * The authorization walk's fixtures for PTZ: the `user` actor's own camera. It is a test pattern
 * with no PTZ, so an allowed caller gets failed-precondition (a clean refusal past the role check);
 * another workspace's camera and a member outside a camera's scope are in onvif/ptz.test.ts.
 */
const ptzUrl = (w: CoreObjects, suffix: string) => ({ url: `/api/v1/cameras/${w.cameras.own}/ptz${suffix}` });

export const PTZ_FIXTURES: Record<string, (w: CoreObjects) => { url: string }> = {
  'POST /api/v1/cameras/:id/ptz/move': (w) => ptzUrl(w, '/move'),
  'POST /api/v1/cameras/:id/ptz/stop': (w) => ptzUrl(w, '/stop'),
  'POST /api/v1/cameras/:id/ptz/home': (w) => ptzUrl(w, '/home'),
  'GET /api/v1/cameras/:id/ptz/presets': (w) => ptzUrl(w, '/presets'),
  'PUT /api/v1/cameras/:id/ptz/presets': (w) => ptzUrl(w, '/presets'),
  'POST /api/v1/cameras/:id/ptz/presets/:token/goto': (w) => ptzUrl(w, '/presets/1/goto'),
  'DELETE /api/v1/cameras/:id/ptz/presets/:token': (w) => ptzUrl(w, '/presets/1'),
};
