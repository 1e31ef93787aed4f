import { isIP } from 'node:net';
import type { DiscoverInput, DiscoveredDevice, DiscoveryResult } from '@vigil/shared';
import { DISCOVERY_SECONDS_DEFAULT } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type OutboundPolicy, checkTarget } from '../../lib/outbound-policy.ts';
import {
  type OnvifCredentials as Credentials,
  type OnvifService,
  WS_DISCOVERY_PORT,
  policyReason,
  queryDevice,
  scopeValue,
  wsDiscover,
} from '../onvif/onvif.module.ts';

/**
 * ONVIF discovery: WS-Discovery finds the devices, then each one is asked for its
 * profiles and stream URIs. Every address a device announces passes the outbound policy before
 * anything connects to it; one that fails is listed as skipped, never contacted.
 */
export interface DiscoveryOptions {
  policy: OutboundPolicy;
  /** The ONVIF client each found device is asked through (the same as adding one by address). */
  onvif: OnvifService;
  /** Multicast probe on the server's segment (off in tests: nothing leaves loopback). */
  multicast: boolean;
  /** Unicast probe targets the installation always adds (ONVIF_DISCOVERY_TARGETS). */
  targets: string[];
}

/** Devices queried at once, and scans at once per process (each is a socket and a burst of requests). */
const DEVICE_CONCURRENCY = 8;
const MAX_SCANS = 2;
const MAX_DEVICES = 64;
/** One device's questions, all told: a slow device is reported as such rather than holding the scan. */
const DEVICE_DEADLINE_MS = 12_000;

function withDeadline(device: Promise<DiscoveredDevice>, fallback: DiscoveredDevice): Promise<DiscoveredDevice> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DiscoveredDevice>((resolve) => {
    timer = setTimeout(() => resolve(fallback), DEVICE_DEADLINE_MS);
  });
  return Promise.race([device, late]).finally(() => clearTimeout(timer));
}

/** host, host:port, [v6]:port → address and port, or null when it is not one. */
export function splitTarget(raw: string): { host: string; port: number } | null {
  const m = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(raw.trim());
  if (!m) {
    // A bare IPv6 address.
    return isIP(raw) === 6 ? { host: raw, port: WS_DISCOVERY_PORT } : null;
  }
  const port = m[3] ? Number(m[3]) : WS_DISCOVERY_PORT;
  if (port < 1 || port > 65535) return null;
  return { host: (m[1] ?? m[2])!, port };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function createDiscoveryService(o: DiscoveryOptions) {
  let scans = 0;

  return {
    async scan(input: DiscoverInput): Promise<DiscoveryResult> {
      if (scans >= MAX_SCANS)
        // The caller's to retry, as with any rate: a 4xx, not a server fault.
        throw new AppError('resource-exhausted', 'Other network scans are running. Please try again in a few seconds.');
      scans += 1;
      const started = Date.now();
      try {
        const skipped: DiscoveryResult['skipped'] = [];
        const probeTargets: { address: string; port: number }[] = [];
        for (const raw of [...o.targets, ...(input.targets ?? [])]) {
          const t = splitTarget(raw);
          if (!t) {
            skipped.push({ xaddr: raw, reason: 'Not an address or host name with an optional port' });
            continue;
          }
          try {
            const checked = await checkTarget(`http://${isIP(t.host) === 6 ? `[${t.host}]` : t.host}/`, o.policy);
            if (isIP(checked.address) !== 4) {
              skipped.push({ xaddr: raw, reason: 'Discovery probes IPv4 addresses only' });
              continue;
            }
            probeTargets.push({ address: checked.address, port: t.port });
          } catch (e) {
            skipped.push({ xaddr: raw, reason: policyReason(e) });
          }
        }
        const answers = await wsDiscover({
          multicast: o.multicast,
          targets: probeTargets,
          waitMs: (input.seconds ?? DISCOVERY_SECONDS_DEFAULT) * 1000,
          maxDevices: MAX_DEVICES,
        });
        const credentials: Credentials | null = input.username
          ? { username: input.username, password: input.password ?? '' }
          : null;
        const reachable: { xaddr: string; answer: (typeof answers)[number] }[] = [];
        for (const answer of answers) {
          const xaddr = answer.xaddrs
            .map((x) => {
              try {
                const u = new URL(x);
                if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
                // Some devices announce 0.0.0.0: they mean the address they answered from.
                if (u.hostname === '0.0.0.0') u.hostname = answer.from;
                return u.href;
              } catch {
                return null;
              }
            })
            .find((x): x is string => x !== null);
          if (!xaddr) {
            skipped.push({ xaddr: answer.xaddrs[0] ?? '', reason: 'No HTTP device address in its answer' });
            continue;
          }
          try {
            await checkTarget(xaddr, o.policy);
            reachable.push({ xaddr, answer });
          } catch (e) {
            skipped.push({ xaddr, reason: policyReason(e) });
          }
        }
        const devices: DiscoveredDevice[] = await mapLimit(reachable, DEVICE_CONCURRENCY, ({ xaddr, answer }) => {
          const base = {
            endpoint: answer.endpoint,
            name: scopeValue(answer.scopes, 'name'),
            hardware: scopeValue(answer.scopes, 'hardware'),
          };
          return withDeadline(queryDevice(o.onvif, xaddr, base, credentials, o.policy), {
            endpoint: base.endpoint,
            xaddr,
            host: new URL(xaddr).hostname.replace(/^\[|\]$/g, ''),
            name: base.name ?? new URL(xaddr).hostname,
            manufacturer: null,
            model: base.hardware,
            firmware: null,
            streams: [],
            error: `The device did not answer within ${DEVICE_DEADLINE_MS / 1000} s`,
          });
        });
        devices.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.xaddr.localeCompare(b.xaddr));
        return { devices, skipped, durationMs: Date.now() - started };
      } finally {
        scans -= 1;
      }
    },
  };
}
export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
