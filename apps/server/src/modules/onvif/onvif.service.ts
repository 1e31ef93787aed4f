import type { CameraOnvifColumn, OnvifProbeInput, OnvifProbeResult, OnvifSourceInput } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { type DeviceReport, NoProfileError, readDevice } from './device.ts';
import type { Credentials } from './messages.ts';
import { ClockError, CredentialsError, FaultError, NotOnvifError, OnvifSession } from './session.ts';
import { UnreachableError } from './transport.ts';

/**
 * The ONVIF client as the other modules use it: probe a device by its address, and turn a chosen
 * profile (and substream) into the RTSP source a camera records. Each device's clock offset is
 * kept between calls (a camera hours off is asked its time once, not on every request).
 */
const OFFSETS_KEPT = 256;
const OFFSET_TTL_MS = 10 * 60_000;

/** host, host:port, [v6]:port → the device service's address; a full http(s) address as given. */
export function deviceServiceUrl(address: string): string {
  const a = address.trim();
  if (/^https?:\/\//i.test(a)) return new URL(a).href;
  return new URL(`http://${a}/onvif/device_service`).href;
}

/** A failure of the device, as the catalogue names it; anything else (the policy's refusal) as it was. */
export function onvifError(e: unknown): unknown {
  if (e instanceof AppError) return e;
  if (e instanceof UnreachableError) return new AppError('onvif/unreachable', e.message);
  if (e instanceof CredentialsError) return new AppError('onvif/wrong-credentials', e.message);
  if (e instanceof ClockError) return new AppError('onvif/clock-refused', `The camera refused the time: ${e.message}`);
  if (e instanceof NoProfileError) return new AppError('onvif/no-profile', e.message);
  if (e instanceof NotOnvifError) return new AppError('onvif/not-onvif', e.message);
  if (e instanceof FaultError) return new AppError('onvif/not-onvif', `The device refused: ${e.message.slice(0, 160)}`);
  return e;
}

/** A Map that forgets its oldest entry past `max` (a device's Digest challenges: many cameras, few entries each). */
function boundedMap<V>(max: number): Map<string, V> {
  const m = new Map<string, V>();
  const set = m.set.bind(m);
  m.set = (k, v) => {
    m.delete(k);
    set(k, v);
    if (m.size > max) m.delete(m.keys().next().value!);
    return m;
  };
  return m;
}

/** A camera as the ONVIF client needs it: the device kept when it was added, and its sealed credentials. */
export interface OnvifCameraRow {
  onvif: CameraOnvifColumn | null;
  sourceUsername: string | null;
  sourcePasswordEnc: string | null;
}

export function createOnvifService({ policy, secrets }: { policy: OutboundPolicy; secrets?: SecretBox }) {
  const offsets = new Map<string, { ms: number; at: number }>();
  const challenges = boundedMap<string>(OFFSETS_KEPT);

  function session(xaddr: string, credentials: Credentials | null): OnvifSession {
    const kept = offsets.get(new URL(xaddr).host);
    const fresh = kept && Date.now() - kept.at < OFFSET_TTL_MS ? kept.ms : undefined;
    return new OnvifSession({ policy, credentials, clockOffsetMs: fresh, challenges });
  }

  function keep(xaddr: string, s: OnvifSession) {
    if (!s.clockKnown) return;
    const host = new URL(xaddr).host;
    offsets.delete(host);
    offsets.set(host, { ms: s.clockOffsetMs, at: Date.now() });
    if (offsets.size > OFFSETS_KEPT) offsets.delete(offsets.keys().next().value!);
  }

  async function read(xaddr: string, credentials: Credentials | null, snapshots = true): Promise<DeviceReport> {
    const s = session(xaddr, credentials);
    try {
      return await readDevice(s, xaddr, { snapshots });
    } catch (e) {
      throw onvifError(e);
    } finally {
      keep(xaddr, s);
    }
  }

  const credentialsOf = (i: OnvifProbeInput): Credentials | null =>
    i.username ? { username: i.username, password: i.password ?? '' } : null;

  /**
   * Runs `fn` against a camera's device with one session: its clock offset kept for the next call,
   * a failure named as the catalogue names it. A camera not added through ONVIF is refused.
   */
  async function withCamera<T>(
    row: OnvifCameraRow,
    fn: (s: OnvifSession, device: CameraOnvifColumn) => Promise<T>,
  ): Promise<T> {
    const device = row.onvif;
    if (!device) throw new AppError('failed-precondition', 'This camera was not added through ONVIF.');
    const credentials = row.sourceUsername
      ? {
          username: row.sourceUsername,
          password: row.sourcePasswordEnc && secrets ? secrets.open(row.sourcePasswordEnc) : '',
        }
      : null;
    const s = session(device.deviceUrl, credentials);
    try {
      return await fn(s, device);
    } catch (e) {
      throw onvifError(e);
    } finally {
      keep(device.deviceUrl, s);
    }
  }

  return {
    session,
    read,
    withCamera,

    async probe(input: OnvifProbeInput): Promise<OnvifProbeResult> {
      const {
        media: _media,
        services: _services,
        ...report
      } = await read(deviceServiceUrl(input.address), credentialsOf(input));
      return report;
    },

    /**
     * The chosen profiles' RTSP addresses, asked again of the device: the camera's source and
     * substream, and what the camera keeps of the device (its services, for PTZ and its events).
     */
    async resolveSource(input: OnvifSourceInput): Promise<{
      source: { type: 'rtsp'; url: string; username?: string; password?: string };
      substreamUrl?: string;
      onvif: CameraOnvifColumn;
    }> {
      const deviceUrl = deviceServiceUrl(input.address);
      const report = await read(deviceUrl, credentialsOf(input), false);
      const pick = (token: string, field: string) => {
        const p = report.profiles.find((x) => x.token === token);
        if (!p)
          throw new AppError('invalid-argument', `The camera has no profile "${token}"`, {
            [field]: 'not one of the camera’s profiles',
          });
        return p.streamUrl;
      };
      const url = pick(input.profile, 'source.profile');
      const sub =
        input.subProfile && input.subProfile !== input.profile
          ? pick(input.subProfile, 'source.subProfile')
          : undefined;
      const withUser = (u: string) => {
        if (!input.username) return u;
        const x = new URL(u);
        x.username = encodeURIComponent(input.username);
        x.password = encodeURIComponent(input.password ?? '');
        return x.href;
      };
      return {
        source: {
          type: 'rtsp',
          url,
          ...(input.username ? { username: input.username, password: input.password ?? '' } : {}),
        },
        ...(sub ? { substreamUrl: withUser(sub) } : {}),
        onvif: {
          deviceUrl,
          media: report.media,
          services: report.services,
          profileToken: input.profile,
          ...(sub ? { subProfileToken: input.subProfile } : {}),
          ptz: report.ptz,
          events: report.events,
          audioBackchannel: report.audioBackchannel,
        },
      };
    },
  };
}
export type OnvifService = ReturnType<typeof createOnvifService>;
