import { type XmlNode, find, findAll, textOf } from './xml.ts';

/** Readers of ONVIF's answers, tolerant of the prefixes and optional fields cameras differ on. */

export interface SoapFault {
  code: string | null;
  /** The most specific subcode's local part (NotAuthorized, ActionNotSupported …). */
  subcode: string | null;
  reason: string | null;
}

const localValue = (v: string | null) => (v ? v.slice(v.indexOf(':') + 1) : null);

export function soapFault(doc: XmlNode): SoapFault | null {
  const fault = find(doc, 'Body', 'Fault');
  if (!fault) return null;
  const code = find(fault, 'Code');
  const values = code ? findAll(code, 'Value').map((v) => localValue(v.text)) : [];
  return {
    code: values[0] ?? localValue(textOf(fault, 'faultcode')),
    subcode: values.length > 1 ? values[values.length - 1]! : null,
    reason: textOf(fault, 'Reason', 'Text') ?? textOf(fault, 'faultstring'),
  };
}

export const isAuthFault = (f: SoapFault) =>
  /NotAuthorized|FailedAuthentication|InvalidSecurity|Sender not authorized/i.test(
    `${f.subcode ?? ''} ${f.reason ?? ''}`,
  );

export interface ProbeMatch {
  endpoint: string | null;
  xaddrs: string[];
  scopes: string[];
  types: string | null;
  relatesTo: string | null;
}

export function parseProbeMatches(doc: XmlNode): ProbeMatch[] {
  const relatesTo = textOf(doc, 'Header', 'RelatesTo');
  return findAll(doc, 'ProbeMatch').map((m) => ({
    endpoint: textOf(m, 'EndpointReference', 'Address'),
    xaddrs: (textOf(m, 'XAddrs') ?? '').split(/\s+/).filter(Boolean),
    scopes: (textOf(m, 'Scopes') ?? '').split(/\s+/).filter(Boolean),
    types: textOf(m, 'Types'),
    relatesTo,
  }));
}

/** A scope's value (onvif://www.onvif.org/name/Front%20door → "Front door"). */
export function scopeValue(scopes: string[], kind: 'name' | 'hardware' | 'location'): string | null {
  const prefix = `onvif://www.onvif.org/${kind}/`;
  const hit = scopes.find((s) => s.toLowerCase().startsWith(prefix));
  if (!hit) return null;
  try {
    return decodeURIComponent(hit.slice(prefix.length)).replace(/_/g, ' ').trim() || null;
  } catch {
    return hit.slice(prefix.length) || null;
  }
}

export interface DeviceInformation {
  manufacturer: string | null;
  model: string | null;
  firmware: string | null;
  serial: string | null;
}

export function parseDeviceInformation(doc: XmlNode): DeviceInformation {
  const r = find(doc, 'GetDeviceInformationResponse');
  return {
    manufacturer: r ? textOf(r, 'Manufacturer') : null,
    model: r ? textOf(r, 'Model') : null,
    firmware: r ? textOf(r, 'FirmwareVersion') : null,
    serial: r ? textOf(r, 'SerialNumber') : null,
  };
}

export interface MediaProfile {
  token: string;
  name: string;
  encoding: string | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  /** An audio output and decoder are configured: the camera can play sound sent to it. */
  backchannel: boolean;
  ptz: boolean;
}

const int = (v: string | null) => (v && /^\d{1,6}$/.test(v) ? Number(v) : null);
const num = (v: string | null) => (v && /^\d{1,4}(\.\d+)?$/.test(v) ? Number(v) : null);

function profileOf(p: XmlNode, video: XmlNode | undefined, has: (name: string) => boolean): MediaProfile {
  return {
    token: p.attrs.token!,
    name: p.children.find((c) => c.name === 'Name')?.text || p.attrs.token!,
    encoding: video ? (textOf(video, 'Encoding') ?? video.attrs.Encoding ?? null) : null,
    width: video ? int(textOf(video, 'Resolution', 'Width')) : null,
    height: video ? int(textOf(video, 'Resolution', 'Height')) : null,
    fps: video ? num(textOf(video, 'RateControl', 'FrameRateLimit')) : null,
    backchannel: has('AudioOutput') && has('AudioDecoder'),
    ptz: has('PTZ'),
  };
}

/** Media (ver10) GetProfiles: the encoder is VideoEncoderConfiguration, the rest …Configuration. */
export function parseProfiles(doc: XmlNode): MediaProfile[] {
  const response = find(doc, 'GetProfilesResponse');
  if (!response) return [];
  return response.children
    .filter((p) => p.name === 'Profiles' && p.attrs.token)
    .map((p) => profileOf(p, find(p, 'VideoEncoderConfiguration'), (n) => find(p, `${n}Configuration`) !== undefined));
}

/** Media2 (ver20) GetProfiles: the configurations sit under Configurations, H.265 among the encodings. */
export function parseProfiles2(doc: XmlNode): MediaProfile[] {
  const response = find(doc, 'GetProfilesResponse');
  if (!response) return [];
  return response.children
    .filter((p) => p.name === 'Profiles' && p.attrs.token)
    .map((p) => {
      const configs = find(p, 'Configurations');
      return profileOf(p, configs && find(configs, 'VideoEncoder'), (n) => !!configs && find(configs, n) !== undefined);
    });
}

/** GetStreamUri / GetSnapshotUri of either media service: MediaUri/Uri (ver10) or Uri (ver20). */
export function parseMediaUri(doc: XmlNode): string | null {
  const r = find(doc, 'Body');
  const response = r?.children[0];
  if (!response) return null;
  return textOf(response, 'MediaUri', 'Uri') ?? textOf(response, 'Uri');
}

/** GetSystemDateAndTime's UTC time, or null when the device does not say it (some say local time only). */
export function parseSystemDateAndTime(doc: XmlNode): Date | null {
  const at = find(doc, 'SystemDateAndTime', 'UTCDateTime') ?? find(doc, 'SystemDateAndTime', 'LocalDateTime');
  if (!at) return null;
  const n = (...path: string[]) => int(textOf(at, ...path));
  const [y, mo, d, h, mi, s] = [
    n('Date', 'Year'),
    n('Date', 'Month'),
    n('Date', 'Day'),
    n('Time', 'Hour'),
    n('Time', 'Minute'),
    n('Time', 'Second'),
  ];
  if (y === null || mo === null || d === null || h === null || mi === null || s === null) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isFinite(t) ? new Date(t) : null;
}

/** Service namespace → address, from GetServices. */
export function parseServices(doc: XmlNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of findAll(doc, 'Service')) {
    const ns = textOf(s, 'Namespace');
    const xaddr = textOf(s, 'XAddr');
    if (ns && xaddr) out.set(ns, xaddr);
  }
  return out;
}

/** The same from the older GetCapabilities (Media2 is under Extension on the devices that say it there). */
export function parseCapabilities(doc: XmlNode): Map<string, string> {
  const out = new Map<string, string>();
  const caps = find(doc, 'Capabilities');
  if (!caps) return out;
  const at = (name: string) => {
    const c = caps.children.find((n) => n.name === name) ?? find(caps, 'Extension', name);
    return c ? textOf(c, 'XAddr') : null;
  };
  const pairs: [string, string][] = [
    ['Device', NS_OF.device],
    ['Media', NS_OF.media],
    ['Events', NS_OF.events],
    ['PTZ', NS_OF.ptz],
    ['Media2', NS_OF.media2],
  ];
  for (const [name, ns] of pairs) {
    const x = at(name);
    if (x) out.set(ns, x);
  }
  return out;
}

export const NS_OF = {
  device: 'http://www.onvif.org/ver10/device/wsdl',
  media: 'http://www.onvif.org/ver10/media/wsdl',
  media2: 'http://www.onvif.org/ver20/media/wsdl',
  events: 'http://www.onvif.org/ver10/events/wsdl',
  ptz: 'http://www.onvif.org/ver20/ptz/wsdl',
} as const;

/** A fault about the message's time (the UsernameToken's Created too far from the device's clock). */
export const isTimeFault = (f: SoapFault) =>
  /MessageExpired|time|clock|Created|expired/i.test(`${f.subcode ?? ''} ${f.reason ?? ''}`);
