import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { AppError } from './app-error.ts';

/**
 * The one policy for every address Vigil connects to on a tenant's behalf (camera sources, the
 * connection test, and later webhooks and AI providers). A tenant must not be able to make the
 * server reach what only the server can reach:
 * - never: link-local (169.254/16, fe80::/10, which hold the clouds' metadata services), the known
 *   metadata addresses, unspecified, multicast and broadcast addresses;
 * - loopback and this machine's own addresses only with ALLOW_LOOPBACK_TARGETS=true (a single-box
 *   install restreaming through a local RTSP server, and the tests);
 * - private LAN ranges always: that is where cameras live.
 * The host is resolved once, every address it resolves to must pass, and the caller connects to
 * the checked address (never a second lookup that DNS rebinding could answer differently).
 */
export interface OutboundPolicy {
  allowLoopback: boolean;
}

export type AddressClass = 'forbidden' | 'loopback' | 'allowed';

const never = new BlockList();
never.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network": 0.0.0.0 reaches the local host
never.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, incl. 169.254.169.254 (AWS, GCP, Azure …)
never.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
never.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
never.addSubnet('240.0.0.0', 4, 'ipv4'); // reserved, incl. broadcast
never.addAddress('::', 'ipv6');
never.addSubnet('fe80::', 10, 'ipv6'); // link-local
never.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
never.addSubnet('ff00::', 8, 'ipv6'); // multicast

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Names that mean a metadata service whatever they resolve to. */
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data']);

/** Control characters or whitespace: ffmpeg and HTTP clients would write them onto the wire. */
const UNSAFE_CHARS = /[\s\u0000-\u001f\u007f-\u009f]/;

/** Every address of this machine's interfaces (loopback included), lower-case. */
export function ownAddresses(): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) out.add(a.address.toLowerCase());
  return out;
}

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is the IPv4 address it maps. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return { address: m[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function classifyAddress(raw: string, own: Set<string> = ownAddresses()): AddressClass {
  const { address, family } = unmapped(raw.toLowerCase());
  if (never.check(address, family)) return 'forbidden';
  if (loopback.check(address, family) || own.has(address)) return 'loopback';
  return 'allowed';
}

/** Refuses a URL with control characters or whitespace anywhere (before any parser drops them). */
export function assertCleanUrl(url: string, field = 'url'): void {
  if (UNSAFE_CHARS.test(url))
    throw new AppError('invalid-argument', 'Invalid request parameters.', {
      [field]: 'must not contain spaces or control characters',
    });
}

export interface CheckedTarget {
  /** The URL as given, normalised (what is stored and shown). */
  url: string;
  /** The address the host resolved to and passed the policy. */
  address: string;
  /** The same URL with the host replaced by that address: what the connection uses. */
  pinnedUrl: string;
}

const refused = (why: string) => new AppError('permission-denied', `This address is not allowed as a target: ${why}.`);

/** Checks `url` against the policy and resolves it once; throws invalid-argument or permission-denied. */
export async function checkTarget(url: string, policy: OutboundPolicy, field = 'url'): Promise<CheckedTarget> {
  assertCleanUrl(url, field);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('invalid-argument', 'Invalid request parameters.', { [field]: 'not a valid URL' });
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host) throw new AppError('invalid-argument', 'Invalid request parameters.', { [field]: 'no host' });
  if (METADATA_NAMES.has(host.replace(/\.$/, ''))) throw refused('a cloud metadata service');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new AppError('invalid-argument', 'Invalid request parameters.', { [field]: `host not found: ${host}` });
  }
  if (addresses.length === 0)
    throw new AppError('invalid-argument', 'Invalid request parameters.', { [field]: `host not found: ${host}` });
  const own = ownAddresses();
  for (const address of addresses) {
    const kind = classifyAddress(address, own);
    if (kind === 'forbidden')
      throw refused('link-local, metadata, multicast or unspecified addresses are never reached');
    if (kind === 'loopback' && !policy.allowLoopback)
      throw refused('this server itself (set ALLOW_LOOPBACK_TARGETS=true to allow it)');
  }
  const address = addresses[0]!;
  const pinned = new URL(parsed.href);
  pinned.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return { url: parsed.href, address, pinnedUrl: pinned.href };
}
