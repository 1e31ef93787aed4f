import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { S3Refusal } from './fake-s3-protocol.ts';

/**
 * The fake S3's check of AWS Signature V4, in the Authorization header or in a presigned query:
 * recomputed here from the secret key with node:crypto (not with the SDK that signed it), so a
 * wrong secret, a changed path, query, header or body is refused as S3 would.
 */

/** The keys a request must be signed with, and the scope they hold. */
export interface SigningKeys {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const MAX_SKEW_MS = 15 * 60 * 1000;

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The query string as sent, pair by pair and decoded: what the canonical query is built from. */
export function parseQuery(raw: string): [string, string][] {
  if (!raw) return [];
  return raw.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const k = at < 0 ? pair : pair.slice(0, at);
    const v = at < 0 ? '' : pair.slice(at + 1);
    return [decodeURIComponent(k), decodeURIComponent(v)];
  });
}

function amzDateMs(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!m) return Number.NaN;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

interface Credential {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  terminator: string;
}

function parseCredential(value: string): Credential {
  const [accessKeyId, date, region, service, terminator] = value.split('/');
  if (!accessKeyId || !date || !region || !service || !terminator)
    throw new S3Refusal(400, 'AuthorizationHeaderMalformed', `Malformed credential ${value}`);
  return { accessKeyId, date, region, service, terminator };
}

/** Checks the request's SigV4 signature; throws S3Refusal as S3 would. */
export function verifySignature(
  o: SigningKeys,
  req: IncomingMessage,
  rawPath: string,
  query: [string, string][],
  body: Buffer,
): string {
  const header = req.headers.authorization;
  const q = new Map(query);
  let cred: Credential;
  let signedHeaders: string[];
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  if (header) {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(header);
    if (!m) throw new S3Refusal(400, 'AuthorizationHeaderMalformed', 'Malformed Authorization header');
    cred = parseCredential(m[1]!);
    signedHeaders = m[2]!.split(';');
    signature = m[3]!;
    amzDate = String(req.headers['x-amz-date'] ?? '');
    payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) throw new S3Refusal(400, 'InvalidRequest', 'Missing x-amz-content-sha256');
    if (!signedHeaders.includes('x-amz-content-sha256') || !signedHeaders.includes('x-amz-date'))
      throw new S3Refusal(403, 'AccessDenied', 'x-amz-date and x-amz-content-sha256 must be signed');
    if (payloadHash.startsWith('STREAMING-'))
      throw new S3Refusal(501, 'NotImplemented', `This fake does not take ${payloadHash} bodies`);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256hex(body))
      throw new S3Refusal(400, 'XAmzContentSHA256Mismatch', 'The body does not match x-amz-content-sha256');
    if (Math.abs(Date.now() - amzDateMs(amzDate)) > MAX_SKEW_MS)
      throw new S3Refusal(403, 'RequestTimeTooSkewed', 'The request time is too far from the server time');
  } else if (q.get('X-Amz-Algorithm')) {
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      throw new S3Refusal(400, 'AuthorizationQueryParametersError', 'Unsupported algorithm');
    cred = parseCredential(q.get('X-Amz-Credential') ?? '');
    signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
    signature = q.get('X-Amz-Signature') ?? '';
    amzDate = q.get('X-Amz-Date') ?? '';
    payloadHash = 'UNSIGNED-PAYLOAD';
    const expires = Number(q.get('X-Amz-Expires'));
    const signedAt = amzDateMs(amzDate);
    if (!Number.isInteger(expires) || expires < 1 || expires > 604_800 || !Number.isFinite(signedAt))
      throw new S3Refusal(400, 'AuthorizationQueryParametersError', 'Bad X-Amz-Expires or X-Amz-Date');
    if (Date.now() > signedAt + expires * 1000) throw new S3Refusal(403, 'AccessDenied', 'Request has expired');
  } else {
    throw new S3Refusal(403, 'AccessDenied', 'Anonymous access is not allowed');
  }
  if (cred.accessKeyId !== o.accessKeyId)
    throw new S3Refusal(403, 'InvalidAccessKeyId', 'The AWS access key Id you provided does not exist');
  if (cred.region !== o.region || cred.service !== 's3' || cred.terminator !== 'aws4_request')
    throw new S3Refusal(400, 'AuthorizationHeaderMalformed', `Wrong credential scope ${cred.region}/${cred.service}`);
  if (!amzDate.startsWith(cred.date))
    throw new S3Refusal(403, 'SignatureDoesNotMatch', 'Credential date differs from the request date');
  if (!signedHeaders.includes('host')) throw new S3Refusal(403, 'AccessDenied', 'host must be signed');

  const canonicalQuery = query
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = req.headers[name];
      if (value === undefined) throw new S3Refusal(403, 'SignatureDoesNotMatch', `Signed header ${name} is missing`);
      return `${name}:${String(value).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  // S3 signs the path as sent (already URI-encoded once), without encoding it again.
  const canonicalRequest = [
    req.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${cred.date}/${cred.region}/${cred.service}/${cred.terminator}`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${o.secretAccessKey}`, cred.date), cred.region), cred.service), 'aws4_request');
  const want = Buffer.from(createHmac('sha256', key).update(stringToSign).digest('hex'));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got))
    throw new S3Refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  return payloadHash;
}
