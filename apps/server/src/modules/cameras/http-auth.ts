import { createHash, randomBytes } from 'node:crypto';

/**
 * The Authorization header answering an HTTP camera's 401 challenge, as ffmpeg's http protocol
 * answers it (so "Test connection" and the recorder are let in, or turned away, alike): Digest
 * (RFC 7616: MD5 or MD5-sess, qop "auth" when offered, else RFC 2069) when the camera offers it,
 * else Basic. Null when the challenge names neither.
 */
export function authorizationFor(
  challenge: string,
  credentials: { username: string; password: string },
  method: string,
  uri: string,
): string | null {
  const digestAt = challenge.search(/\bDigest\s/i);
  if (digestAt >= 0) return digest(challengeParams(challenge.slice(digestAt + 7)), credentials, method, uri);
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

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const quoted = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

function digest(
  p: Record<string, string>,
  { username, password }: { username: string; password: string },
  method: string,
  uri: string,
): string | null {
  const algorithm = (p.algorithm ?? 'MD5').toUpperCase();
  if (algorithm !== 'MD5' && algorithm !== 'MD5-SESS') return null;
  const realm = p.realm ?? '';
  const nonce = p.nonce ?? '';
  const cnonce = randomBytes(8).toString('hex');
  const nc = '00000001';
  let ha1 = md5(`${username}:${realm}:${password}`);
  if (algorithm === 'MD5-SESS') ha1 = md5(`${ha1}:${nonce}:${cnonce}`);
  const ha2 = md5(`${method}:${uri}`);
  const qop = (p.qop ?? '')
    .split(',')
    .map((q) => q.trim().toLowerCase())
    .includes('auth')
    ? 'auth'
    : null;
  const response = qop ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : md5(`${ha1}:${nonce}:${ha2}`);
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
