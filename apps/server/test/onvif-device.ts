import { createHash } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local ONVIF camera for the tests, on 127.0.0.1 only: it answers WS-Discovery Probes on a UDP
 * socket (unicast: the tests name it as a discovery target, no multicast needed) and serves the
 * device and media services over HTTP — GetDeviceInformation, GetCapabilities, GetProfiles,
 * GetStreamUri — with the stream URI pointing at a real RTSP test server. With credentials it
 * checks each request's WS-Security UsernameToken digest (SHA-1 of nonce + created + password,
 * created within 5 minutes) and answers a NotAuthorized fault otherwise. Written with plain regular
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
}

export interface OnvifDevice {
  /** host:port of its WS-Discovery socket, for the discovery's targets. */
  probeTarget: string;
  xaddr: string;
  /** Every SOAP operation it was asked, in order, and whether its signature passed. */
  calls: { op: string; signed: boolean; authorized: boolean }[];
  probes: number;
  stop(): Promise<void>;
}

const tag = (xml: string, name: string) =>
  new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(xml)?.[1]?.trim() ?? null;

function verifyToken(xml: string, c: { username: string; password: string }): boolean {
  const username = tag(xml, 'Username');
  const digest = tag(xml, 'Password');
  const nonce = tag(xml, 'Nonce');
  const created = tag(xml, 'Created');
  if (username !== c.username || !digest || !nonce || !created) return false;
  if (Math.abs(Date.now() - Date.parse(created)) > 5 * 60_000) return false;
  const expected = createHash('sha1')
    .update(Buffer.concat([Buffer.from(nonce, 'base64'), Buffer.from(created), Buffer.from(c.password)]))
    .digest('base64');
  return expected === digest;
}

const ENV_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://www.w3.org/2003/05/soap-envelope" ' +
  'xmlns:tds="http://www.onvif.org/ver10/device/wsdl" xmlns:trt="http://www.onvif.org/ver10/media/wsdl" ' +
  'xmlns:tt="http://www.onvif.org/ver10/schema" xmlns:ter="http://www.onvif.org/ver10/error"><SOAP-ENV:Body>';
const ENV_CLOSE = '</SOAP-ENV:Body></SOAP-ENV:Envelope>';

const NOT_AUTHORIZED =
  `${ENV_OPEN}<SOAP-ENV:Fault><SOAP-ENV:Code><SOAP-ENV:Value>SOAP-ENV:Sender</SOAP-ENV:Value>` +
  '<SOAP-ENV:Subcode><SOAP-ENV:Value>ter:NotAuthorized</SOAP-ENV:Value></SOAP-ENV:Subcode></SOAP-ENV:Code>' +
  '<SOAP-ENV:Reason><SOAP-ENV:Text xml:lang="en">Sender not Authorized</SOAP-ENV:Text></SOAP-ENV:Reason>' +
  `</SOAP-ENV:Fault>${ENV_CLOSE}`;

const PROFILES = [
  { token: 'main_0', name: 'MainStream', width: 640, height: 360 },
  { token: 'sub_1', name: 'SubStream', width: 320, height: 180 },
];

export async function startOnvifDevice(o: OnvifDeviceOptions): Promise<OnvifDevice> {
  const calls: OnvifDevice['calls'] = [];
  let probes = 0;
  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c;
    });
    req.on('end', () => {
      const op = /<(?:[\w-]+:)?Body[^>]*>\s*<(?:[\w-]+:)?(\w+)/.exec(body)?.[1] ?? 'unknown';
      const signed = body.includes('UsernameToken');
      const authorized = !o.credentials || verifyToken(body, o.credentials);
      calls.push({ op, signed, authorized });
      const send = (status: number, inner: string) =>
        res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(inner);
      if (!authorized) return send(400, NOT_AUTHORIZED);
      const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      switch (op) {
        case 'GetDeviceInformation':
          return send(
            200,
            `${ENV_OPEN}<tds:GetDeviceInformationResponse><tds:Manufacturer>${o.manufacturer ?? 'Vigil Labs'}</tds:Manufacturer>` +
              `<tds:Model>${o.model ?? 'TestCam 1'}</tds:Model><tds:FirmwareVersion>1.2.3</tds:FirmwareVersion>` +
              `<tds:SerialNumber>0001</tds:SerialNumber><tds:HardwareId>tc1</tds:HardwareId>` +
              `</tds:GetDeviceInformationResponse>${ENV_CLOSE}`,
          );
        case 'GetCapabilities':
          return send(
            200,
            `${ENV_OPEN}<tds:GetCapabilitiesResponse><tds:Capabilities><tt:Device><tt:XAddr>${base}/onvif/device_service</tt:XAddr></tt:Device>` +
              `<tt:Media><tt:XAddr>${base}/onvif/media_service</tt:XAddr><tt:StreamingCapabilities><tt:RTP_TCP>true</tt:RTP_TCP>` +
              `</tt:StreamingCapabilities></tt:Media></tds:Capabilities></tds:GetCapabilitiesResponse>${ENV_CLOSE}`,
          );
        case 'GetProfiles':
          return send(
            200,
            `${ENV_OPEN}<trt:GetProfilesResponse>${PROFILES.map(
              (p) =>
                `<trt:Profiles token="${p.token}" fixed="true"><tt:Name>${p.name}</tt:Name>` +
                `<tt:VideoSourceConfiguration token="vs"><tt:Name>VideoSource</tt:Name></tt:VideoSourceConfiguration>` +
                `<tt:VideoEncoderConfiguration token="ve_${p.token}"><tt:Name>enc</tt:Name><tt:Encoding>H264</tt:Encoding>` +
                `<tt:Resolution><tt:Width>${p.width}</tt:Width><tt:Height>${p.height}</tt:Height></tt:Resolution>` +
                `</tt:VideoEncoderConfiguration></trt:Profiles>`,
            ).join('')}</trt:GetProfilesResponse>${ENV_CLOSE}`,
          );
        case 'GetStreamUri':
          return send(
            200,
            `${ENV_OPEN}<trt:GetStreamUriResponse><trt:MediaUri><tt:Uri>${o.streamUri.replace(/&/g, '&amp;')}</tt:Uri>` +
              '<tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:InvalidAfterReboot>false</tt:InvalidAfterReboot>' +
              `<tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:GetStreamUriResponse>${ENV_CLOSE}`,
          );
        default:
          return send(400, NOT_AUTHORIZED.replace('ter:NotAuthorized', 'ter:ActionNotSupported'));
      }
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const xaddr = `http://127.0.0.1:${(http.address() as AddressInfo).port}/onvif/device_service`;

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
