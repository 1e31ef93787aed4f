import { z } from 'zod';
import { credential } from './common.ts';

/** Adding an ONVIF camera by its address: the probe's question and answer, and the source it saves. */

/** host, host:port, [v6]:port, or the device service's full http(s) address. */
export const onvifAddress = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .refine(
    (a) => /^https?:\/\/[^\s]+$/i.test(a) || /^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.test(a),
    'must be host, host:port or an http(s) address',
  );

export const onvifProbeInputSchema = z
  .object({
    address: onvifAddress,
    username: credential('user name', 200).optional(),
    password: credential('password', 200).optional(),
  })
  .strict();
export type OnvifProbeInput = z.infer<typeof onvifProbeInputSchema>;

export const onvifProfileSchema = z.object({
  token: z.string(),
  name: z.string(),
  /** h264, h265, mjpeg, … (lower case), null when the device does not say. */
  codec: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  fps: z.number().nullable(),
  /** The RTSP address, without credentials. */
  streamUrl: z.string(),
  snapshotUrl: z.string().nullable(),
});
export type OnvifProfile = z.infer<typeof onvifProfileSchema>;

export const onvifProbeResultSchema = z.object({
  device: z.object({
    manufacturer: z.string().nullable(),
    model: z.string().nullable(),
    firmware: z.string().nullable(),
    serial: z.string().nullable(),
  }),
  profiles: z.array(onvifProfileSchema),
  ptz: z.boolean(),
  events: z.boolean(),
  audioBackchannel: z.boolean(),
});
export type OnvifProbeResult = z.infer<typeof onvifProbeResultSchema>;

/** `POST /api/v1/cameras` with `source.type: 'onvif'`: the device is asked again for the chosen profiles' streams. */
export const onvifSourceInputSchema = onvifProbeInputSchema.extend({
  type: z.literal('onvif'),
  profile: z.string().trim().min(1).max(64),
  subProfile: z.string().trim().min(1).max(64).optional(),
});
export type OnvifSourceInput = z.infer<typeof onvifSourceInputSchema>;

/**
 * What Vigil keeps of an ONVIF camera to steer it and hear its events: the device and service
 * addresses found when it was added, the media profiles chosen, and what the device offers. The
 * credentials are the camera's own (its RTSP user and sealed password). Never sent to the page whole.
 */
export interface CameraOnvifColumn {
  deviceUrl: string;
  media: 'media2' | 'media';
  services: { media: string; ptz?: string; events?: string };
  profileToken: string;
  subProfileToken?: string;
  ptz: boolean;
  events: boolean;
  audioBackchannel: boolean;
}

/** As the API shows an ONVIF camera: what it can do (the page shows PTZ controls, talk-back, the camera's events). */
export const cameraOnvifSchema = z.object({
  address: z.string(),
  profileToken: z.string(),
  ptz: z.boolean(),
  events: z.boolean(),
  audioBackchannel: z.boolean(),
});
export type CameraOnvif = z.infer<typeof cameraOnvifSchema>;
