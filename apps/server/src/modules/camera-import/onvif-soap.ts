import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type XmlNode, find, findAll, textOf } from './onvif-xml.ts';

/**
 * ONVIF's messages, written by hand: WS-Discovery's Probe and the few device and media calls
 * discovery needs (GetDeviceInformation, GetCapabilities, GetProfiles, GetStreamUri), with the
 * WS-Security UsernameToken (password digest) ONVIF devices expect, and the readers of their answers.
 */

export const NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://schemas.xmlsoap.org/ws/2004/08/addressing',
  wsd: 'http://schemas.xmlsoap.org/ws/2005/04/discovery',
  dn: 'http://www.onvif.org/ver10/network/wsdl',
  tds: 'http://www.onvif.org/ver10/device/wsdl',
  trt: 'http://www.onvif.org/ver10/media/wsdl',
  tt: 'http://www.onvif.org/ver10/schema',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
} as const;

const DIGEST_TYPE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest';
const BASE64_TYPE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';

export const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** WS-Discovery Probe for network video transmitters; `messageId` pairs the answers (RelatesTo). */
export function probeMessage(messageId = `urn:uuid:${randomUUID()}`): { messageId: string; xml: string } {
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<s:Envelope xmlns:s="${NS.soap}" xmlns:a="${NS.wsa}" xmlns:d="${NS.wsd}" xmlns:dn="${NS.dn}">` +
    `<s:Header><a:Action s:mustUnderstand="1">${NS.wsd}/Probe</a:Action>` +
    `<a:MessageID>${messageId}</a:MessageID>` +
    `<a:ReplyTo><a:Address>${NS.wsa}/role/anonymous</a:Address></a:ReplyTo>` +
    `<a:To s:mustUnderstand="1">urn:schemas-xmlsoap-org:ws:2005:04:discovery</a:To></s:Header>` +
    `<s:Body><d:Probe><d:Types>dn:NetworkVideoTransmitter</d:Types></d:Probe></s:Body></s:Envelope>`;
  return { messageId, xml };
}

export interface Credentials {
  username: string;
  password: string;
}

/** PasswordDigest = Base64(SHA-1(nonce bytes + created + password)), per the UsernameToken profile. */
export function passwordDigest(nonce: Buffer, created: string, password: string): string {
  return createHash('sha1')
    .update(Buffer.concat([nonce, Buffer.from(created, 'utf8'), Buffer.from(password, 'utf8')]))
    .digest('base64');
}

function securityHeader(c: Credentials, now = new Date(), nonce = randomBytes(16)): string {
  const created = now.toISOString();
  return (
    `<s:Header><wsse:Security s:mustUnderstand="1" xmlns:wsse="${NS.wsse}" xmlns:wsu="${NS.wsu}">` +
    `<wsse:UsernameToken><wsse:Username>${escapeXml(c.username)}</wsse:Username>` +
    `<wsse:Password Type="${DIGEST_TYPE}">${passwordDigest(nonce, created, c.password)}</wsse:Password>` +
    `<wsse:Nonce EncodingType="${BASE64_TYPE}">${nonce.toString('base64')}</wsse:Nonce>` +
    `<wsu:Created>${created}</wsu:Created></wsse:UsernameToken></wsse:Security></s:Header>`
  );
}

/** A SOAP 1.2 request around one operation, signed when credentials are given. */
export function envelope(operation: string, credentials?: Credentials | null): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<s:Envelope xmlns:s="${NS.soap}" xmlns:tds="${NS.tds}" xmlns:trt="${NS.trt}" xmlns:tt="${NS.tt}">` +
    (credentials ? securityHeader(credentials) : '') +
    `<s:Body>${operation}</s:Body></s:Envelope>`
  );
}

export const OPS = {
  deviceInformation: '<tds:GetDeviceInformation/>',
  capabilities: '<tds:GetCapabilities><tds:Category>Media</tds:Category></tds:GetCapabilities>',
  profiles: '<trt:GetProfiles/>',
  streamUri: (token: string) =>
    '<trt:GetStreamUri><trt:StreamSetup><tt:Stream>RTP-Unicast</tt:Stream>' +
    '<tt:Transport><tt:Protocol>RTSP</tt:Protocol></tt:Transport></trt:StreamSetup>' +
    `<trt:ProfileToken>${escapeXml(token)}</trt:ProfileToken></trt:GetStreamUri>`,
};

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
}

export function parseDeviceInformation(doc: XmlNode): DeviceInformation {
  const r = find(doc, 'GetDeviceInformationResponse');
  return {
    manufacturer: r ? textOf(r, 'Manufacturer') : null,
    model: r ? textOf(r, 'Model') : null,
    firmware: r ? textOf(r, 'FirmwareVersion') : null,
  };
}

/** The media service's address from GetCapabilities (Capabilities/Media/XAddr). */
export const parseMediaXAddr = (doc: XmlNode): string | null => textOf(doc, 'Capabilities', 'Media', 'XAddr');

export interface MediaProfile {
  token: string;
  name: string;
  encoding: string | null;
  width: number | null;
  height: number | null;
}

export function parseProfiles(doc: XmlNode): MediaProfile[] {
  const response = find(doc, 'GetProfilesResponse');
  if (!response) return [];
  return response.children
    .filter((p) => p.name === 'Profiles' && p.attrs.token)
    .map((p) => {
      const video = find(p, 'VideoEncoderConfiguration');
      const n = (v: string | null) => (v && /^\d{1,6}$/.test(v) ? Number(v) : null);
      return {
        token: p.attrs.token!,
        name: p.children.find((c) => c.name === 'Name')?.text || p.attrs.token!,
        encoding: video ? textOf(video, 'Encoding') : null,
        width: video ? n(textOf(video, 'Resolution', 'Width')) : null,
        height: video ? n(textOf(video, 'Resolution', 'Height')) : null,
      };
    });
}

export const parseStreamUri = (doc: XmlNode): string | null => textOf(doc, 'GetStreamUriResponse', 'MediaUri', 'Uri');
