import http from 'node:http';
import https from 'node:https';
import { type OutboundPolicy, checkTarget } from '../../lib/outbound-policy.ts';
import { pinnedLookup } from '../../lib/pinned-http.ts';
import { MAX_XML_BYTES } from './xml.ts';

/**
 * One HTTP POST of a SOAP 1.2 message to an address the outbound policy allowed (the policy every
 * tenant-settable address obeys: loopback only with ALLOW_LOOPBACK_TARGETS), connected to the
 * checked address (no second DNS lookup), no redirects followed, bounded in time and size.
 */
export const TIMEOUT_MS = 4000;

/** The device could not be talked to at all (refused, silent, too large an answer). */
export class UnreachableError extends Error {}

export interface SoapResponse {
  status: number;
  /** The WWW-Authenticate challenge of a 401, when there is one. */
  challenge: string | null;
  text: string;
}

export async function postSoap(
  url: string,
  body: string,
  policy: OutboundPolicy,
  authorization?: string,
  timeoutMs = TIMEOUT_MS,
): Promise<SoapResponse> {
  const target = await checkTarget(url, policy);
  const u = new URL(target.url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/soap+xml; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          ...(authorization ? { authorization } : {}),
        },
        lookup: pinnedLookup(target.address),
        timeout: timeoutMs,
        agent: false,
        // Cameras serve self-signed certificates; the address itself was checked.
        ...(u.protocol === 'https:' ? { rejectUnauthorized: false } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_XML_BYTES) return req.destroy(new UnreachableError('The device’s answer is too large'));
          chunks.push(c);
        });
        res.on('end', () => {
          const auth = res.headers['www-authenticate'];
          resolve({
            status: res.statusCode ?? 0,
            challenge: (Array.isArray(auth) ? (auth.find((a) => /^Digest\s/i.test(a)) ?? auth[0]) : auth) ?? null,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new UnreachableError(`No answer from the device within ${timeoutMs / 1000} s`)),
    );
    req.on('error', (e) => reject(e instanceof UnreachableError ? e : new UnreachableError(explainSocket(e))));
    req.end(body);
  });
}

function explainSocket(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ECONNREFUSED') return 'Connection refused by the device';
  if (code === 'ECONNRESET') return 'The device closed the connection';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'No route to the device';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The device’s name does not resolve';
  return 'The device did not answer';
}
