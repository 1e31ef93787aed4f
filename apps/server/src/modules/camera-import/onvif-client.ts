import http from 'node:http';
import https from 'node:https';
import type { DiscoveredDevice, DiscoveredStream } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type OutboundPolicy, checkTarget } from '../../lib/outbound-policy.ts';
import { pinnedLookup } from '../../lib/pinned-http.ts';
import {
  type Credentials,
  OPS,
  type SoapFault,
  envelope,
  isAuthFault,
  parseDeviceInformation,
  parseMediaXAddr,
  parseProfiles,
  parseStreamUri,
  soapFault,
} from './onvif-soap.ts';
import { type XmlNode, parseXml } from './onvif-xml.ts';

/**
 * The ONVIF calls discovery makes to one device, over HTTP(S) to addresses the outbound policy
 * allowed, connected to the checked address (no second DNS lookup), no redirects followed, each
 * answer bounded in time and size.
 */
const TIMEOUT_MS = 4000;
const MAX_BODY = 1024 * 1024;
const MAX_PROFILES = 8;

class DeviceError extends Error {}

/** A refusal of the policy, in words for the page. */
export function policyReason(e: unknown): string {
  if (e instanceof AppError) {
    const field = Object.values(e.fields ?? {})[0];
    return field ? `Invalid address: ${field}` : e.message;
  }
  return 'Invalid address';
}

async function post(url: string, body: string, policy: OutboundPolicy): Promise<{ status: number; text: string }> {
  const target = await checkTarget(url, policy);
  const u = new URL(target.url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: { 'content-type': 'application/soap+xml; charset=utf-8', 'content-length': Buffer.byteLength(body) },
        lookup: pinnedLookup(target.address),
        timeout: TIMEOUT_MS,
        agent: false,
        // Cameras serve self-signed certificates; the address itself was checked.
        ...(u.protocol === 'https:' ? { rejectUnauthorized: false } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BODY) return req.destroy(new DeviceError('The device’s answer is too large'));
          chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new DeviceError(`No answer from the device within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

class FaultError extends Error {
  constructor(readonly fault: SoapFault) {
    super(fault.reason ?? fault.subcode ?? 'SOAP fault');
  }
}

/** One SOAP call: the answer's document, or a FaultError / DeviceError. */
export async function soapCall(
  url: string,
  operation: string,
  credentials: Credentials | null,
  policy: OutboundPolicy,
): Promise<XmlNode> {
  const res = await post(url, envelope(operation, credentials), policy);
  let doc: XmlNode | null = null;
  try {
    doc = parseXml(res.text);
  } catch {
    doc = null;
  }
  const fault = doc ? soapFault(doc) : null;
  if (fault) throw new FaultError(fault);
  if (res.status === 401) throw new DeviceError('The device asks for HTTP authentication (not WS-Security)');
  if (res.status < 200 || res.status >= 300) throw new DeviceError(`The device answered HTTP ${res.status}`);
  if (!doc) throw new DeviceError('The device’s answer is not XML');
  return doc;
}

function explain(e: unknown, credentials: Credentials | null): string {
  if (e instanceof FaultError)
    return isAuthFault(e.fault)
      ? credentials
        ? 'The device refused the username or password'
        : 'The device needs a username and password'
      : `The device refused: ${(e.fault.reason ?? e.fault.subcode ?? 'SOAP fault').slice(0, 160)}`;
  if (e instanceof DeviceError) return e.message;
  if (e instanceof AppError) return policyReason(e);
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ECONNREFUSED') return 'Connection refused by the device';
  if (code === 'ECONNRESET') return 'The device closed the connection';
  return 'The device did not answer';
}

/** The RTSP URI as the page may add it: rtsp(s) only, no credentials, 0.0.0.0 read as the device's address. */
function cleanStreamUri(raw: string | null, deviceHost: string): string | null {
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'rtsp:' && u.protocol !== 'rtsps:') return null;
  if (u.hostname === '0.0.0.0' || u.hostname === '') u.hostname = deviceHost;
  u.username = '';
  u.password = '';
  return u.href;
}

/**
 * Asks one device for its name, its media profiles and their stream URIs. Never throws: what
 * failed is the device's `error`, with whatever was learned before it.
 */
export async function queryDevice(
  xaddr: string,
  base: Pick<DiscoveredDevice, 'endpoint' | 'name'> & { hardware: string | null },
  credentials: Credentials | null,
  policy: OutboundPolicy,
): Promise<DiscoveredDevice> {
  const host = new URL(xaddr).hostname.replace(/^\[|\]$/g, '');
  const device: DiscoveredDevice = {
    endpoint: base.endpoint,
    xaddr,
    host,
    name: base.name,
    manufacturer: null,
    model: base.hardware,
    firmware: null,
    streams: [],
    error: null,
  };
  try {
    const info = parseDeviceInformation(await soapCall(xaddr, OPS.deviceInformation, credentials, policy));
    device.manufacturer = info.manufacturer;
    device.model = info.model ?? device.model;
    device.firmware = info.firmware;
  } catch (e) {
    // Some devices answer GetDeviceInformation only to a signed request: the rest may still work.
    if (!(e instanceof FaultError)) {
      device.error = explain(e, credentials);
      return device;
    }
  }
  try {
    const caps = await soapCall(xaddr, OPS.capabilities, credentials, policy);
    const mediaXAddr = parseMediaXAddr(caps) ?? xaddr;
    const media = (() => {
      const u = new URL(mediaXAddr);
      if (u.hostname === '0.0.0.0') u.hostname = host;
      return u.href;
    })();
    const profiles = parseProfiles(await soapCall(media, OPS.profiles, credentials, policy)).slice(0, MAX_PROFILES);
    const streams: DiscoveredStream[] = [];
    let refused = 0;
    for (const p of profiles) {
      const uri = cleanStreamUri(
        parseStreamUri(await soapCall(media, OPS.streamUri(p.token), credentials, policy)),
        host,
      );
      if (!uri) continue;
      try {
        await checkTarget(uri, policy);
      } catch {
        refused += 1;
        continue;
      }
      streams.push({ ...p, uri });
    }
    device.streams = streams;
    if (refused && !streams.length) device.error = 'The device’s stream addresses are not allowed as targets';
    else if (!streams.length) device.error = 'The device offers no RTSP stream';
  } catch (e) {
    device.error = explain(e, credentials);
  }
  device.name ??= [device.manufacturer, device.model].filter(Boolean).join(' ') || host;
  return device;
}
