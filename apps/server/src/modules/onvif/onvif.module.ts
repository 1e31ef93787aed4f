import { defineModule } from '../../kernel/module.ts';
import { onvifRoutes } from './onvif.routes.ts';
import { type OnvifService, createOnvifService } from './onvif.service.ts';

export type { OnvifCameraRow, OnvifService } from './onvif.service.ts';
export { createOnvifService } from './onvif.service.ts';
export type { CameraSignal } from './events.ts';
export { type CameraEventWatch, type PullPointTiming, watchCameraEvents } from './pullpoint.ts';
export type { Credentials as OnvifCredentials } from './messages.ts';
export { scopeValue } from './readers.ts';
export { WS_DISCOVERY_PORT, wsDiscover } from './ws-discovery.ts';
export { policyReason, queryDevice } from './discovery-query.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    onvif: OnvifService;
  }
}

/**
 * The ONVIF client: one SOAP transport over the outbound policy, one authentication layer (the
 * device's clock, UsernameToken, HTTP Digest), and the device and media services read through
 * them. Serve: probing a device by its address. Cameras add ONVIF sources through the service,
 * discovery lists what it finds with it.
 */
export const onvifModule = defineModule({
  name: 'onvif',
  auditActions: [],
  provides: { onvif: ({ policy, secrets }) => createOnvifService({ policy, secrets }) },
  serve: {
    needs: ['onvif'],
    register: (app, { get }) => onvifRoutes(app, { onvif: get('onvif') }),
  },
});
