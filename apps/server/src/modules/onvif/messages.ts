import { createHash, randomBytes, randomUUID } from 'node:crypto';

/**
 * ONVIF's requests: WS-Discovery's Probe and the device, media (ver10) and media2 (ver20) calls
 * the client makes, in a SOAP 1.2 envelope carrying the WS-Security UsernameToken (password
 * digest) ONVIF devices expect, its Created time read on the device's clock. Their answers are
 * read in readers.ts.
 */

export const NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://schemas.xmlsoap.org/ws/2004/08/addressing',
  wsa5: 'http://www.w3.org/2005/08/addressing',
  wsd: 'http://schemas.xmlsoap.org/ws/2005/04/discovery',
  dn: 'http://www.onvif.org/ver10/network/wsdl',
  tds: 'http://www.onvif.org/ver10/device/wsdl',
  trt: 'http://www.onvif.org/ver10/media/wsdl',
  tr2: 'http://www.onvif.org/ver20/media/wsdl',
  tev: 'http://www.onvif.org/ver10/events/wsdl',
  tptz: 'http://www.onvif.org/ver20/ptz/wsdl',
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

function securityElement(c: Credentials, now: Date, nonce = randomBytes(16)): string {
  // Second precision, as the profile's examples and most firmware parse it.
  const created = `${now.toISOString().slice(0, 19)}Z`;
  return (
    `<wsse:Security s:mustUnderstand="1" xmlns:wsse="${NS.wsse}" xmlns:wsu="${NS.wsu}">` +
    `<wsse:UsernameToken><wsse:Username>${escapeXml(c.username)}</wsse:Username>` +
    `<wsse:Password Type="${DIGEST_TYPE}">${passwordDigest(nonce, created, c.password)}</wsse:Password>` +
    `<wsse:Nonce EncodingType="${BASE64_TYPE}">${nonce.toString('base64')}</wsse:Nonce>` +
    `<wsu:Created>${created}</wsu:Created></wsse:UsernameToken></wsse:Security>`
  );
}

/**
 * A SOAP 1.2 request around one operation, signed when credentials are given; `now` is the
 * device's time (ours plus the offset its GetSystemDateAndTime showed).
 */
export function envelope(
  operation: string,
  credentials?: Credentials | null,
  now = new Date(),
  /** WS-Addressing headers: a PullPoint subscription is named by its address in wsa:To. */
  addressing?: { action: string; to: string },
): string {
  const security = credentials ? securityElement(credentials, now) : '';
  const wsa = addressing
    ? `<wsa5:Action xmlns:wsa5="${NS.wsa5}">${escapeXml(addressing.action)}</wsa5:Action>` +
      `<wsa5:To xmlns:wsa5="${NS.wsa5}" s:mustUnderstand="1">${escapeXml(addressing.to)}</wsa5:To>`
    : '';
  const header = security || wsa ? `<s:Header>${wsa}${security}</s:Header>` : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<s:Envelope xmlns:s="${NS.soap}" xmlns:tds="${NS.tds}" xmlns:trt="${NS.trt}" xmlns:tr2="${NS.tr2}" xmlns:tt="${NS.tt}" xmlns:tev="${NS.tev}">` +
    header +
    `<s:Body>${operation}</s:Body></s:Envelope>`
  );
}

export const OPS = {
  systemDateAndTime: '<tds:GetSystemDateAndTime/>',
  deviceInformation: '<tds:GetDeviceInformation/>',
  services: '<tds:GetServices><tds:IncludeCapability>false</tds:IncludeCapability></tds:GetServices>',
  capabilities: '<tds:GetCapabilities><tds:Category>All</tds:Category></tds:GetCapabilities>',
  profiles: '<trt:GetProfiles/>',
  streamUri: (token: string) =>
    '<trt:GetStreamUri><trt:StreamSetup><tt:Stream>RTP-Unicast</tt:Stream>' +
    '<tt:Transport><tt:Protocol>RTSP</tt:Protocol></tt:Transport></trt:StreamSetup>' +
    `<trt:ProfileToken>${escapeXml(token)}</trt:ProfileToken></trt:GetStreamUri>`,
  snapshotUri: (token: string) =>
    `<trt:GetSnapshotUri><trt:ProfileToken>${escapeXml(token)}</trt:ProfileToken></trt:GetSnapshotUri>`,
  /** Media2: every configuration of each profile (video encoder, audio, audio output for the backchannel). */
  profiles2: '<tr2:GetProfiles><tr2:Type>All</tr2:Type></tr2:GetProfiles>',
  streamUri2: (token: string) =>
    `<tr2:GetStreamUri><tr2:Protocol>RtspUnicast</tr2:Protocol><tr2:ProfileToken>${escapeXml(token)}</tr2:ProfileToken></tr2:GetStreamUri>`,
  snapshotUri2: (token: string) =>
    `<tr2:GetSnapshotUri><tr2:ProfileToken>${escapeXml(token)}</tr2:ProfileToken></tr2:GetSnapshotUri>`,
};
