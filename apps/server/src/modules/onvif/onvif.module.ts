import { defineModule } from '../../kernel/module.ts';
import { onvifRoutes } from './onvif.routes.ts';
import { type OnvifService, createOnvifService } from './onvif.service.ts';
import { ptzRoutes } from './ptz.routes.ts';
import { type PtzService, createPtzService } from './ptz.service.ts';

export type { OnvifCameraRow, OnvifService } from './onvif.service.ts';
export { createOnvifService } from './onvif.service.ts';
export type { CameraSignal } from './events.ts';
export { type CameraEventWatch, type PullPointTiming, watchCameraEvents } from './pullpoint.ts';
export type { PtzService } from './ptz.service.ts';
export type { Credentials as OnvifCredentials } from './messages.ts';
export { scopeValue } from './readers.ts';
export { WS_DISCOVERY_PORT, wsDiscover } from './ws-discovery.ts';
export { policyReason, queryDevice } from './discovery-query.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    onvif: OnvifService;
    ptz: PtzService;
  }
}

/**
 * The ONVIF client: one SOAP transport over the outbound policy, one authentication layer (the
 * device's clock, UsernameToken, HTTP Digest), and the device and media services read through
 * them. Serve: probing a device by its address. Cameras add ONVIF sources through the service,
 * discovery lists what it finds with it. Serve also steers cameras with PTZ (the `ptz` service:
 * moves with a deadman, presets, home), scoped by the cameras service's access check.
 */
export const onvifModule = defineModule({
  name: 'onvif',
  auditActions: ['ptz.moved', 'ptz.preset-saved', 'ptz.preset-deleted'],
  provides: { onvif: ({ policy, secrets }) => createOnvifService({ policy, secrets }) },
  serve: {
    needs: ['onvif', 'cameras', 'ptz'],
    provides: {
      ptz: ({ db, log, onClose, get }) => {
        const ptz = createPtzService({ db, cameras: get('cameras'), onvif: get('onvif'), log });
        onClose(() => ptz.close());
        return ptz;
      },
    },
    register: (app, { get }) => {
      onvifRoutes(app, { onvif: get('onvif') });
      ptzRoutes(app, { ptz: get('ptz') });
    },
  },
});
