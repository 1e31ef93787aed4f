import { createHash, randomBytes } from 'node:crypto';

/**
 * The Authorization header answering an HTTP camera's 401 challenge: Digest (RFC 7616: MD5 or
 * MD5-sess, qop "auth" when offered, else RFC 2069) when the camera offers it, else Basic. Null
 * when the challenge names neither. By default it answers as ffmpeg's http protocol does (so the
 * MJPEG "Test connection" and the recorder are let in, or turned away, alike); `sha256` also
 * answers SHA-256 and SHA-256-sess, which newer ONVIF firmware asks for and only our own SOAP
 * client has to speak.
 */
export function authorizationFor(
  challenge: string,
  credentials: { username: string; password: string },
  method: string,
  uri: string,
  o: { sha256?: boolean } = {},
): string | null {
  const digestAt = challenge.search(/\bDigest\s/i);
  if (digestAt >= 0)
    return digest(challengeParams(challenge.slice(digestAt + 7)), credentials, method, uri, o.sha256 ?? false);
  if (/\bBasic\b/i.test(challenge))
    return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  return null;
}

/** `realm="a, b", nonce=xyz, …` → lower-cased names to values (quoted values may hold commas). */
export function challengeParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const m of text.matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g))
    params[m[1]!.toLowerCase()] ??= m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  return params;
}

const HASHES: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256' };
const quoted = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

function digest(
  p: Record<string, string>,
  { username, password }: { username: string; password: string },
  method: string,
  uri: string,
  sha256: boolean,
): string | null {
  const algorithm = (p.algorithm ?? 'MD5').toUpperCase();
  const base = algorithm.replace(/-SESS$/, '');
  const hashName = HASHES[base];
  if (!hashName || (base === 'SHA-256' && !sha256)) return null;
  const h = (s: string) => createHash(hashName).update(s).digest('hex');
  const realm = p.realm ?? '';
  const nonce = p.nonce ?? '';
  const cnonce = randomBytes(8).toString('hex');
  const nc = '00000001';
  let ha1 = h(`${username}:${realm}:${password}`);
  if (algorithm.endsWith('-SESS')) ha1 = h(`${ha1}:${nonce}:${cnonce}`);
  const ha2 = h(`${method}:${uri}`);
  const qop = (p.qop ?? '')
    .split(',')
    .map((q) => q.trim().toLowerCase())
    .includes('auth')
    ? 'auth'
    : null;
  const response = qop ? h(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : h(`${ha1}:${nonce}:${ha2}`);
  const fields = [
    `username=${quoted(username)}`,
    `realm=${quoted(realm)}`,
    `nonce=${quoted(nonce)}`,
    `uri=${quoted(uri)}`,
    `response=${quoted(response)}`,
    `algorithm=${p.algorithm ?? 'MD5'}`,
    ...(qop ? [`qop=${qop}`, `nc=${nc}`, `cnonce=${quoted(cnonce)}`] : []),
    ...(p.opaque !== undefined ? [`opaque=${quoted(p.opaque)}`] : []),
  ];
  return `Digest ${fields.join(', ')}`;
}
