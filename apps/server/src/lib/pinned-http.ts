import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { CheckedTarget } from './outbound-policy.ts';

/**
 * An HTTP(S) request to a target that passed the outbound policy, connected to the address that
 * was checked (no second DNS lookup for rebinding to answer differently), TLS still verified
 * against the host name. Redirects are not followed: a 3xx is an answer like any other, so a
 * receiver cannot bounce the server to an address the policy refuses.
 */
export interface PinnedResponse {
  status: number;
  /** The start of the body (enough for a log line). */
  body: string;
}

export function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address) === 6 ? 6 : 4;
  return (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all)
      (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
}

export function pinnedRequest(
  target: CheckedTarget,
  o: {
    method: string;
    headers: Record<string, string>;
    body?: string | Buffer;
    timeoutMs: number;
    ca?: string | Buffer;
    /** How much of the body to keep (2 KiB: a log line; an API's answer needs more). */
    maxBodyBytes?: number;
  },
): Promise<PinnedResponse> {
  const url = new URL(target.url);
  const lib = url.protocol === 'https:' ? https : http;
  const max = o.maxBodyBytes ?? 2048;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method: o.method,
        headers: o.headers,
        lookup: pinnedLookup(target.address),
        timeout: o.timeoutMs,
        ...(o.ca ? { ca: o.ca } : {}),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < max) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, max) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${Math.round(o.timeoutMs / 1000)} s`)));
    req.on('error', reject);
    req.end(o.body);
  });
}
