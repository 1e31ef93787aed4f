import { createHash, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local ONVIF camera for the tests, on 127.0.0.1 only, written from the ONVIF WSDLs (device
 * ver10, media ver10, media2 ver20): it answers WS-Discovery Probes on a UDP socket (unicast: the
 * tests name it as a discovery target, no multicast needed) and serves GetSystemDateAndTime,
 * GetDeviceInformation, GetServices, GetCapabilities, GetProfiles (both media services),
 * GetStreamUri and GetSnapshotUri over HTTP, the stream URI pointing at a real RTSP test server.
 * Like real cameras it keeps its own clock (`clockOffsetMs` off ours) and, with credentials,
 * checks each request's WS-Security UsernameToken digest against it (SHA-1 of nonce + created +
 * password, created within 5 s of ITS time), answering NotAuthorized otherwise; the services in
 * `digest` demand HTTP Digest instead (401 with a challenge). Written with plain regular
 * expressions on purpose: it does not share the server's XML reader it tests.
 */
export interface OnvifDeviceOptions {
  name: string;
  manufacturer?: string;
  model?: string;
  /** What GetStreamUri answers for every profile (credentials are never in it). */
  streamUri: string;
  credentials?: { username: string; password: string };
  /** Announce this device address instead of its own (a device at a forbidden address). */
  announce?: string;
  /** The device's clock minus ours (a camera never set: hours off). */
  clockOffsetMs?: number;
  /** Services that want HTTP Digest rather than a UsernameToken, and the algorithm they ask. */
  digest?: { services: ('device' | 'media' | 'media2' | 'ptz')[]; algorithm: 'MD5' | 'SHA-256' };
  /** Serve Media2 (ver20), whose main profile is `mainCodec`; without it only Media (ver10). */
  media2?: boolean;
  mainCodec?: 'H264' | 'H265';
  /** Refuse every signed request as expired, whatever its time (a device whose clock check is broken). */
  refuseTime?: boolean;
  /** More services (PTZ, events…), announced by GetServices and asked after the built-in ones. */
  plugins?: OnvifDevicePlugin[];
}

/**
 * A service added to the test device. `handle` gets the operation's name and the whole request
 * body, and answers the Body's inner XML (declaring its own namespaces), a fault, or undefined for
 * an operation it does not know. It may take its time (a PullMessages long poll).
 */
export interface OnvifDevicePlugin {
  service: string;
  path: string;
  namespace: string;
  handle(
    op: string,
    body: string,
  ): Promise<string | { fault: [subcode: string, reason: string] } | undefined> | string | undefined;
}

export interface OnvifDevice {
  /** host:port of its WS-Discovery socket, for the discovery's targets. */
  probeTarget: string;
  /** host:port of its HTTP services, as a person types it to add the camera. */
  address: string;
  xaddr: string;
  /** Every SOAP operation it was asked, in order: the service, whether its signature or digest passed. */
  calls: { op: string; service: string; signed: boolean; digest: boolean; authorized: boolean }[];
  probes: number;
  stop(): Promise<void>;
}

const tag = (xml: string, name: string) =>
  new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(xml)?.[1]?.trim() ?? null;

function verifyToken(xml: string, c: { username: string; password: string }, deviceNow: number): boolean {
  const username = tag(xml, 'Username');
  const digest = tag(xml, 'Password');
  const nonce = tag(xml, 'Nonce');
  const created = tag(xml, 'Created');
  if (username !== c.username || !digest || !nonce || !created) return false;
  if (Math.abs(deviceNow - Date.parse(created)) > 5000) return false;
  const expected = createHash('sha1')
    .update(Buffer.concat([Buffer.from(nonce, 'base64'), Buffer.from(created), Buffer.from(c.password)]))
    .digest('base64');
  return expected === digest;
}

const ENV_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://www.w3.org/2003/05/soap-envelope" ' +
  'xmlns:tds="http://www.onvif.org/ver10/device/wsdl" xmlns:trt="http://www.onvif.org/ver10/media/wsdl" ' +
  'xmlns:tr2="http://www.onvif.org/ver20/media/wsdl" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" ' +
  'xmlns:tt="http://www.onvif.org/ver10/schema" xmlns:ter="http://www.onvif.org/ver10/error"><SOAP-ENV:Body>';
const ENV_CLOSE = '</SOAP-ENV:Body></SOAP-ENV:Envelope>';

const fault = (subcode: string, reason: string) =>
  `${ENV_OPEN}<SOAP-ENV:Fault><SOAP-ENV:Code><SOAP-ENV:Value>SOAP-ENV:Sender</SOAP-ENV:Value>` +
  `<SOAP-ENV:Subcode><SOAP-ENV:Value>${subcode}</SOAP-ENV:Value></SOAP-ENV:Subcode></SOAP-ENV:Code>` +
  `<SOAP-ENV:Reason><SOAP-ENV:Text xml:lang="en">${reason}</SOAP-ENV:Text></SOAP-ENV:Reason>` +
  `</SOAP-ENV:Fault>${ENV_CLOSE}`;
const NOT_AUTHORIZED = fault('ter:NotAuthorized', 'Sender not Authorized');

const PROFILES = [
  { token: 'main_0', name: 'MainStream', width: 640, height: 360, fps: 25 },
  { token: 'sub_1', name: 'SubStream', width: 320, height: 180, fps: 10 },
];

const PATHS = { device: '/onvif/device_service', media: '/onvif/media_service', media2: '/onvif/media2_service' };
type Service = keyof typeof PATHS;

/** RFC 7616 Digest check (qop=auth) of one request against the nonce this device handed out. */
function verifyDigest(
  header: string | undefined,
  c: { username: string; password: string },
  nonces: Set<string>,
  algorithm: string,
): boolean {
  if (!header?.startsWith('Digest ')) return false;
  const p: Record<string, string> = {};
  for (const m of header.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)) p[m[1]!] = m[2] ?? m[3] ?? '';
  if (p.username !== c.username || !nonces.has(p.nonce ?? '') || p.qop !== 'auth' || p.algorithm !== algorithm)
    return false;
  const h = (x: string) =>
    createHash(algorithm === 'SHA-256' ? 'sha256' : 'md5')
      .update(x)
      .digest('hex');
  const ha1 = h(`${c.username}:${p.realm}:${c.password}`);
  const ha2 = h(`POST:${p.uri}`);
  return h(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:auth:${ha2}`) === p.response;
}

function dateTime(at: Date): string {
  return (
    `<tt:UTCDateTime><tt:Time><tt:Hour>${at.getUTCHours()}</tt:Hour><tt:Minute>${at.getUTCMinutes()}</tt:Minute>` +
    `<tt:Second>${at.getUTCSeconds()}</tt:Second></tt:Time><tt:Date><tt:Year>${at.getUTCFullYear()}</tt:Year>` +
    `<tt:Month>${at.getUTCMonth() + 1}</tt:Month><tt:Day>${at.getUTCDate()}</tt:Day></tt:Date></tt:UTCDateTime>`
  );
}

export async function startOnvifDevice(o: OnvifDeviceOptions): Promise<OnvifDevice> {
  const calls: OnvifDevice['calls'] = [];
  let probes = 0;
  const nonces = new Set<string>();
  const deviceNow = () => Date.now() + (o.clockOffsetMs ?? 0);
  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c;
    });
    req.on('end', () => {
      const op = /<(?:[\w-]+:)?Body[^>]*>\s*<(?:[\w-]+:)?(\w+)/.exec(body)?.[1] ?? 'unknown';
      const plugin = o.plugins?.find((p) => p.path === req.url?.split('?')[0]);
      const service = (plugin?.service ??
        (Object.keys(PATHS) as Service[]).find((k) => PATHS[k] === req.url) ??
        'unknown') as Service;
      const signed = body.includes('UsernameToken');
      const send = (status: number, inner: string, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8', ...headers }).end(inner);
      const wantsDigest = !!o.credentials && !!o.digest?.services.includes(service);
      const digest =
        wantsDigest && verifyDigest(req.headers.authorization, o.credentials!, nonces, o.digest!.algorithm);
      // The time is anybody's to ask (ONVIF Core: GetSystemDateAndTime needs no credentials).
      const open = op === 'GetSystemDateAndTime' && !wantsDigest;
      const tokenOk = !!o.credentials && signed && verifyToken(body, o.credentials, deviceNow());
      const authorized = !o.credentials || open || (wantsDigest ? digest : tokenOk);
      calls.push({ op, service, signed, digest, authorized });
      if (wantsDigest && !digest) {
        const nonce = randomBytes(12).toString('hex');
        nonces.add(nonce);
        return send(401, 'Unauthorized', {
          'www-authenticate': `Digest realm="onvif-test", qop="auth", nonce="${nonce}", algorithm=${o.digest!.algorithm}`,
        });
      }
      if (o.refuseTime && signed) return send(400, fault('wsse:MessageExpired', 'The message has expired'));
      if (!authorized) return send(400, NOT_AUTHORIZED);
      const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      const codec = (i: number) => (i === 0 ? (o.mainCodec ?? 'H264') : 'H264');
      const uri = (tag: string, url: string) => `<${tag}>${url.replace(/&/g, '&amp;')}</${tag}>`;
      const respond = (inner: string) => send(200, `${ENV_OPEN}${inner}${ENV_CLOSE}`);
      switch (`${service}:${op}`) {
        case 'device:GetSystemDateAndTime':
          return respond(
            `<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>Manual</tt:DateTimeType>` +
              `<tt:DaylightSavings>false</tt:DaylightSavings><tt:TimeZone><tt:TZ>UTC0</tt:TZ></tt:TimeZone>` +
              `${dateTime(new Date(deviceNow()))}</tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>`,
          );
        case 'device:GetDeviceInformation':
          return respond(
            `<tds:GetDeviceInformationResponse><tds:Manufacturer>${o.manufacturer ?? 'Vigil Labs'}</tds:Manufacturer>` +
              `<tds:Model>${o.model ?? 'TestCam 1'}</tds:Model><tds:FirmwareVersion>1.2.3</tds:FirmwareVersion>` +
              `<tds:SerialNumber>0001</tds:SerialNumber><tds:HardwareId>tc1</tds:HardwareId>` +
              `</tds:GetDeviceInformationResponse>`,
          );
        case 'device:GetServices': {
          const list: [string, string, string][] = [
            ['http://www.onvif.org/ver10/device/wsdl', PATHS.device, '2'],
            ['http://www.onvif.org/ver10/media/wsdl', PATHS.media, '2'],
            ...(o.media2
              ? [['http://www.onvif.org/ver20/media/wsdl', PATHS.media2, '2'] as [string, string, string]]
              : []),
            ...(o.plugins ?? []).map((p) => [p.namespace, p.path, '2'] as [string, string, string]),
          ];
          return respond(
            `<tds:GetServicesResponse>${list
              .map(
                ([ns, path, major]) =>
                  `<tds:Service><tds:Namespace>${ns}</tds:Namespace><tds:XAddr>${base}${path}</tds:XAddr>` +
                  `<tds:Version><tt:Major>${major}</tt:Major><tt:Minor>60</tt:Minor></tds:Version></tds:Service>`,
              )
              .join('')}</tds:GetServicesResponse>`,
          );
        }
        case 'device:GetCapabilities':
          return respond(
            `<tds:GetCapabilitiesResponse><tds:Capabilities><tt:Device><tt:XAddr>${base}${PATHS.device}</tt:XAddr></tt:Device>` +
              `<tt:Media><tt:XAddr>${base}${PATHS.media}</tt:XAddr><tt:StreamingCapabilities><tt:RTP_TCP>true</tt:RTP_TCP>` +
              `</tt:StreamingCapabilities></tt:Media></tds:Capabilities></tds:GetCapabilitiesResponse>`,
          );
        case 'media:GetProfiles':
          return respond(
            `<trt:GetProfilesResponse>${PROFILES.map(
              (p) =>
                `<trt:Profiles token="${p.token}" fixed="true"><tt:Name>${p.name}</tt:Name>` +
                `<tt:VideoSourceConfiguration token="vs"><tt:Name>VideoSource</tt:Name></tt:VideoSourceConfiguration>` +
                // Media (ver10) cannot name H.265: such a camera shows it here as H264 or not at all.
                `<tt:VideoEncoderConfiguration token="ve_${p.token}"><tt:Name>enc</tt:Name><tt:Encoding>H264</tt:Encoding>` +
                `<tt:Resolution><tt:Width>${p.width}</tt:Width><tt:Height>${p.height}</tt:Height></tt:Resolution>` +
                `<tt:RateControl><tt:FrameRateLimit>${p.fps}</tt:FrameRateLimit></tt:RateControl>` +
                `</tt:VideoEncoderConfiguration></trt:Profiles>`,
            ).join('')}</trt:GetProfilesResponse>`,
          );
        case 'media2:GetProfiles':
          return respond(
            `<tr2:GetProfilesResponse>${PROFILES.map(
              (p, i) =>
                `<tr2:Profiles token="${p.token}" fixed="true"><tr2:Name>${p.name}</tr2:Name><tr2:Configurations>` +
                `<tr2:VideoSource token="vs"><tt:Name>VideoSource</tt:Name></tr2:VideoSource>` +
                `<tr2:VideoEncoder token="ve_${p.token}" GovLength="50"><tt:Name>enc</tt:Name><tt:Encoding>${codec(i)}</tt:Encoding>` +
                `<tt:Resolution><tt:Width>${p.width}</tt:Width><tt:Height>${p.height}</tt:Height></tt:Resolution>` +
                `<tt:RateControl ConstantBitRate="false"><tt:FrameRateLimit>${p.fps}</tt:FrameRateLimit><tt:BitrateLimit>1024</tt:BitrateLimit></tt:RateControl>` +
                `</tr2:VideoEncoder>${i === 0 ? '<tr2:AudioOutput token="ao"><tt:Name>Speaker</tt:Name></tr2:AudioOutput><tr2:AudioDecoder token="ad"><tt:Name>G711</tt:Name></tr2:AudioDecoder>' : ''}` +
                `</tr2:Configurations></tr2:Profiles>`,
            ).join('')}</tr2:GetProfilesResponse>`,
          );
        case 'media:GetStreamUri':
          return respond(
            `<trt:GetStreamUriResponse><trt:MediaUri>${uri('tt:Uri', o.streamUri)}` +
              '<tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:InvalidAfterReboot>false</tt:InvalidAfterReboot>' +
              `<tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:GetStreamUriResponse>`,
          );
        case 'media2:GetStreamUri':
          return respond(`<tr2:GetStreamUriResponse>${uri('tr2:Uri', o.streamUri)}</tr2:GetStreamUriResponse>`);
        case 'media:GetSnapshotUri':
          return respond(
            `<trt:GetSnapshotUriResponse><trt:MediaUri>${uri('tt:Uri', `${base}/snapshot.jpg`)}</trt:MediaUri></trt:GetSnapshotUriResponse>`,
          );
        case 'media2:GetSnapshotUri':
          return respond(
            `<tr2:GetSnapshotUriResponse>${uri('tr2:Uri', `${base}/snapshot.jpg`)}</tr2:GetSnapshotUriResponse>`,
          );
        default:
          if (!plugin) return send(400, fault('ter:ActionNotSupported', 'Optional Action Not Implemented'));
          void Promise.resolve(plugin.handle(op, body)).then((answer) => {
            if (answer === undefined) send(400, fault('ter:ActionNotSupported', 'Optional Action Not Implemented'));
            else if (typeof answer === 'string') respond(answer);
            else send(400, fault(...answer.fault));
          });
      }
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const address = `127.0.0.1:${(http.address() as AddressInfo).port}`;
  const xaddr = `http://${address}${PATHS.device}`;

  const udp = createSocket('udp4');
  udp.on('message', (msg, rinfo) => {
    const text = msg.toString('utf8');
    if (!/<(?:[\w-]+:)?Probe\b/.test(text)) return;
    probes += 1;
    const messageId = tag(text, 'MessageID') ?? '';
    const scopes = [
      'onvif://www.onvif.org/type/video_encoder',
      `onvif://www.onvif.org/name/${encodeURIComponent(o.name)}`,
      `onvif://www.onvif.org/hardware/${encodeURIComponent(o.model ?? 'TestCam 1')}`,
    ].join(' ');
    const reply =
      '<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope" ' +
      'xmlns:wsa="http://schemas.xmlsoap.org/ws/2004/08/addressing" xmlns:wsdd="http://schemas.xmlsoap.org/ws/2005/04/discovery" ' +
      'xmlns:dn="http://www.onvif.org/ver10/network/wsdl"><env:Header>' +
      `<wsa:MessageID>urn:uuid:${crypto.randomUUID()}</wsa:MessageID><wsa:RelatesTo>${messageId}</wsa:RelatesTo>` +
      '<wsa:Action>http://schemas.xmlsoap.org/ws/2005/04/discovery/ProbeMatches</wsa:Action></env:Header><env:Body>' +
      '<wsdd:ProbeMatches><wsdd:ProbeMatch><wsa:EndpointReference>' +
      `<wsa:Address>urn:uuid:${createHash('md5')
        .update(o.name)
        .digest('hex')
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')}</wsa:Address>` +
      '</wsa:EndpointReference><wsdd:Types>dn:NetworkVideoTransmitter</wsdd:Types>' +
      `<wsdd:Scopes>${scopes}</wsdd:Scopes><wsdd:XAddrs>${o.announce ?? xaddr}</wsdd:XAddrs>` +
      '<wsdd:MetadataVersion>1</wsdd:MetadataVersion></wsdd:ProbeMatch></wsdd:ProbeMatches></env:Body></env:Envelope>';
    udp.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((r) => udp.bind(0, '127.0.0.1', r));

  return {
    probeTarget: `127.0.0.1:${udp.address().port}`,
    address,
    xaddr,
    calls,
    get probes() {
      return probes;
    },
    async stop() {
      udp.close();
      await new Promise((r) => http.close(r));
    },
  };
}
