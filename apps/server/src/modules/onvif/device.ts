import type { OnvifProbeResult, OnvifProfile } from '@vigil/shared';
import { OPS } from './messages.ts';
import {
  type MediaProfile,
  NS_OF,
  parseCapabilities,
  parseDeviceInformation,
  parseMediaUri,
  parseProfiles,
  parseProfiles2,
  parseServices,
} from './readers.ts';
import { FaultError, type OnvifSession } from './session.ts';

/**
 * What a device is and offers, asked in the order ONVIF clients ask it: its information, its
 * services (GetServices, else the older GetCapabilities), its profiles from Media2 (where H.265
 * lives) else Media, and each profile's stream and snapshot addresses.
 */
const MAX_PROFILES = 8;

export class NoProfileError extends Error {}

/** Another host in a service address (a camera behind NAT, or one that names its LAN address) is read as the one we reached. */
export function sameHost(xaddr: string, reached: URL): string {
  try {
    const u = new URL(xaddr);
    u.protocol = reached.protocol;
    u.host = reached.host;
    return u.href;
  } catch {
    return reached.href;
  }
}

/** An address as the page may show and the recorder may use: this scheme only, no credentials, 0.0.0.0 read as the device. */
export function cleanUri(raw: string | null, schemes: string[], deviceHost: string): string | null {
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (!schemes.includes(u.protocol)) return null;
  if (u.hostname === '0.0.0.0' || u.hostname === '') u.hostname = deviceHost;
  u.username = '';
  u.password = '';
  return u.href;
}

const CODECS: Record<string, string> = { H264: 'h264', H265: 'h265', HEVC: 'h265', JPEG: 'mjpeg', MPEG4: 'mpeg4' };
/** ONVIF's encoding name (some firmware writes it as a MIME type, video/H265) → our codec name. */
export function codecOf(encoding: string | null): string | null {
  if (!encoding) return null;
  const name = encoding.replace(/^video\//i, '').toUpperCase();
  return CODECS[name] ?? name.toLowerCase();
}

export interface DeviceReport extends OnvifProbeResult {
  /** Which media service answered the profiles. */
  media: 'media2' | 'media';
  /** Where the services answer (the media service that answered, PTZ and events when offered). */
  services: { media: string; ptz?: string; events?: string };
}

async function services(session: OnvifSession, xaddr: string, reached: URL): Promise<Map<string, string>> {
  let map: Map<string, string>;
  try {
    map = parseServices(await session.call(xaddr, OPS.services));
  } catch (e) {
    if (!(e instanceof FaultError)) throw e;
    try {
      map = parseCapabilities(await session.call(xaddr, OPS.capabilities));
    } catch (again) {
      if (!(again instanceof FaultError)) throw again;
      map = new Map();
    }
  }
  for (const [ns, x] of map) map.set(ns, sameHost(x, reached));
  return map;
}

async function profilesOf(
  session: OnvifSession,
  svc: Map<string, string>,
  xaddr: string,
): Promise<{ media: 'media2' | 'media'; url: string; profiles: MediaProfile[] }> {
  const media2 = svc.get(NS_OF.media2);
  if (media2) {
    try {
      const profiles = parseProfiles2(await session.call(media2, OPS.profiles2));
      if (profiles.length) return { media: 'media2', url: media2, profiles };
    } catch (e) {
      // Media2 announced but refused (a half-done firmware): Media still answers.
      if (!(e instanceof FaultError)) throw e;
    }
  }
  const media = svc.get(NS_OF.media) ?? xaddr;
  return { media: 'media', url: media, profiles: parseProfiles(await session.call(media, OPS.profiles)) };
}

/** `snapshots: false` skips the snapshot addresses (saving a camera needs its streams only). */
export async function readDevice(
  session: OnvifSession,
  xaddr: string,
  o: { snapshots: boolean } = { snapshots: true },
): Promise<DeviceReport> {
  const reached = new URL(xaddr);
  const host = reached.hostname.replace(/^\[|\]$/g, '');
  let info = { manufacturer: null, model: null, firmware: null, serial: null } as OnvifProbeResult['device'];
  try {
    info = parseDeviceInformation(await session.call(xaddr, OPS.deviceInformation));
  } catch (e) {
    // Some devices answer GetDeviceInformation to nobody but an administrator: the rest still works.
    if (!(e instanceof FaultError)) throw e;
  }
  const svc = await services(session, xaddr, reached);
  const { media, url, profiles } = await profilesOf(session, svc, xaddr);
  const out: OnvifProfile[] = [];
  for (const p of profiles.slice(0, MAX_PROFILES)) {
    const streamUrl = cleanUri(
      parseMediaUri(await session.call(url, media === 'media2' ? OPS.streamUri2(p.token) : OPS.streamUri(p.token))),
      ['rtsp:', 'rtsps:'],
      host,
    );
    if (!streamUrl) continue;
    let snapshotUrl: string | null = null;
    if (o.snapshots)
      try {
        snapshotUrl = cleanUri(
          parseMediaUri(
            await session.call(url, media === 'media2' ? OPS.snapshotUri2(p.token) : OPS.snapshotUri(p.token)),
          ),
          ['http:', 'https:'],
          host,
        );
      } catch (e) {
        // Snapshots are optional in Profile S: a device without them still streams.
        if (!(e instanceof FaultError)) throw e;
      }
    out.push({
      token: p.token,
      name: p.name,
      codec: codecOf(p.encoding),
      width: p.width,
      height: p.height,
      fps: p.fps,
      streamUrl,
      snapshotUrl,
    });
  }
  if (!out.length) throw new NoProfileError('The camera offers no video profile with an RTSP stream');
  return {
    device: info,
    profiles: out,
    ptz: svc.has(NS_OF.ptz) || profiles.some((p) => p.ptz),
    events: svc.has(NS_OF.events),
    audioBackchannel: profiles.some((p) => p.backchannel),
    media,
    services: {
      media: url,
      ...(svc.has(NS_OF.ptz) ? { ptz: svc.get(NS_OF.ptz) } : {}),
      ...(svc.has(NS_OF.events) ? { events: svc.get(NS_OF.events) } : {}),
    },
  };
}
