import { createSocket } from 'node:dgram';
import { probeMessage } from './messages.ts';
import { type ProbeMatch, parseProbeMatches } from './readers.ts';
import { parseXml } from './xml.ts';

/**
 * WS-Discovery over UDP (ONVIF's discovery): one Probe to the multicast group 239.255.255.250:3702
 * and one to each unicast target, then every ProbeMatch that answers our MessageID within the
 * wait. Multicast stays on the server's own network segment; unicast targets reach a site behind
 * a router (and make the tests deterministic where a sandbox drops multicast).
 */
export const WS_DISCOVERY_GROUP = '239.255.255.250';
export const WS_DISCOVERY_PORT = 3702;
/** Larger answers are not ProbeMatches worth reading. */
const MAX_DATAGRAM = 64 * 1024;

export interface DiscoveryAnswer extends ProbeMatch {
  /** The address the answer came from (fixes a device that announces http://0.0.0.0/…). */
  from: string;
}

export interface WsDiscoverOptions {
  multicast: boolean;
  /** Addresses already checked by the outbound policy (IPv4). */
  targets: { address: string; port: number }[];
  waitMs: number;
  /** Distinct devices kept at most. */
  maxDevices?: number;
}

export function wsDiscover(o: WsDiscoverOptions): Promise<DiscoveryAnswer[]> {
  if (!o.multicast && o.targets.length === 0) return Promise.resolve([]);
  const { messageId, xml } = probeMessage();
  const message = Buffer.from(xml, 'utf8');
  const max = o.maxDevices ?? 256;
  const found = new Map<string, DiscoveryAnswer>();
  const unicastLeft = new Set(o.targets.map((t) => `${t.address}:${t.port}`));

  return new Promise((resolve) => {
    const socket = createSocket({ type: 'udp4' });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.close();
      resolve([...found.values()]);
    };
    const timer = setTimeout(finish, o.waitMs);
    socket.on('error', finish);
    socket.on('message', (msg, rinfo) => {
      if (msg.length > MAX_DATAGRAM) return;
      let matches: ProbeMatch[];
      try {
        matches = parseProbeMatches(parseXml(msg.toString('utf8')));
      } catch {
        return; // not XML: another service on the port
      }
      for (const m of matches) {
        // Answers to someone else's probe (another client on the segment) are not ours.
        if (m.relatesTo && m.relatesTo !== messageId) continue;
        if (m.xaddrs.length === 0) continue;
        const key = m.endpoint ?? m.xaddrs[0]!;
        if (!found.has(key) && found.size < max) found.set(key, { ...m, from: rinfo.address });
      }
      unicastLeft.delete(`${rinfo.address}:${rinfo.port}`);
      // Unicast only: no need to wait once every target has answered.
      if (!o.multicast && unicastLeft.size === 0) finish();
    });
    socket.bind(0, () => {
      if (done) return;
      if (o.multicast) {
        try {
          socket.setMulticastTTL(1);
        } catch {
          /* not fatal: the default TTL is 1 too */
        }
        socket.send(message, WS_DISCOVERY_PORT, WS_DISCOVERY_GROUP, () => {});
      }
      for (const t of o.targets) socket.send(message, t.port, t.address, () => {});
    });
  });
}
