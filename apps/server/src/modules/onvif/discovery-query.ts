import type { DiscoveredDevice } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type OutboundPolicy, checkTarget } from '../../lib/outbound-policy.ts';
import type { Credentials } from './messages.ts';
import type { OnvifService } from './onvif.service.ts';

/** A refusal of the policy, in words for the page. */
export function policyReason(e: unknown): string {
  if (e instanceof AppError) {
    const field = Object.values(e.fields ?? {})[0];
    return field ? `Invalid address: ${field}` : e.message;
  }
  return 'Invalid address';
}

/**
 * What discovery lists of one device it found: the same client as adding by address, its
 * failure written on the device (with whatever was learned before it) rather than thrown, and
 * only the streams the outbound policy lets a camera use.
 */
export async function queryDevice(
  onvif: OnvifService,
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
    const report = await onvif.read(xaddr, credentials);
    device.manufacturer = report.device.manufacturer;
    device.model = report.device.model ?? device.model;
    device.firmware = report.device.firmware;
    let refused = 0;
    for (const p of report.profiles) {
      try {
        await checkTarget(p.streamUrl, policy);
      } catch {
        refused += 1;
        continue;
      }
      device.streams.push({
        token: p.token,
        name: p.name,
        encoding: p.codec?.toUpperCase() ?? null,
        width: p.width,
        height: p.height,
        uri: p.streamUrl,
      });
    }
    if (refused && !device.streams.length) device.error = 'The device’s stream addresses are not allowed as targets';
  } catch (e) {
    device.error = e instanceof AppError && e.code !== 'invalid-argument' ? e.message : policyReason(e);
  }
  device.name ??= [device.manufacturer, device.model].filter(Boolean).join(' ') || host;
  return device;
}
