import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/**
 * A web push service for tests, over HTTPS with a self-signed certificate for `localhost`. It checks
 * each request as a real push service would: the VAPID JWT (RFC 8292: ES256 signed by the key in
 * `k`, aud = this origin, exp in the future and within 24 h, sub set) and the payload, which it
 * decrypts with the subscription's private key (RFC 8291 on RFC 8188 aes128gcm). Each subscription
 * answers the statuses queued for it, then 201.
 */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The answer the service gave. */
  status: number;
  /** Why the request was refused as malformed (then status is 400), else null. */
  problem: string | null;
  headers: IncomingMessage['headers'];
  /** The VAPID public key (`k`) the JWT was signed with, and its claims. */
  vapidKey: string | null;
  claims: { aud?: string; exp?: number; sub?: string } | null;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The server name the client asked for over TLS (SNI). */
  servername: string | null;
}

interface Subscriber {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  answers: number[];
}

export async function startPushService() {
  // localhost as this machine resolves it first: the channel connects to that checked address.
  const host = 'localhost';
  const address = (await lookup(host)).address;
  const pems = await generate([{ name: 'commonName', value: host }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: host }] }],
  });
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  let origin = '';

  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `${origin}${req.url}`;
      const sub = subscribers.get(endpoint);
      const record: ReceivedPush = {
        endpoint,
        status: 0,
        problem: null,
        headers: req.headers,
        vapidKey: null,
        claims: null,
        payload: null,
        servername: (req.socket as { servername?: string | false }).servername || null,
      };
      try {
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        const { key, claims } = checkVapid(req.headers.authorization, origin);
        record.vapidKey = key;
        record.claims = claims;
        if (!sub) {
          record.status = 404;
        } else {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding is not aes128gcm');
          if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) throw new Error('no TTL header');
          record.payload = JSON.parse(decrypt(Buffer.concat(chunks), sub).toString('utf8'));
          record.status = sub.answers.shift() ?? 201;
        }
      } catch (err) {
        record.problem = (err as Error).message;
        record.status = 400;
      }
      received.push(record);
      res.writeHead(record.status, { 'content-type': 'text/plain' }).end(record.problem ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  origin = `https://${host}:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** The certificate to trust (the channel's agentOptions.ca). */
    ca: pems.cert,
    received,
    /** A new subscription, as a browser's PushManager.subscribe would make (its own P-256 key, auth secret). */
    subscribe(): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/wpush/v2/${randomBytes(24).toString('base64url')}`;
      subscribers.set(endpoint, { ecdh, auth, answers: [] });
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /** The next answers for this subscription (then 201 again). */
    answer(endpoint: string, ...statuses: number[]) {
      subscribers.get(endpoint)!.answers.push(...statuses);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** RFC 8292 §3: `vapid t=<JWT>, k=<public key>`; the JWT signed ES256 by that key. */
function checkVapid(header: string | undefined, origin: string) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, c, s] = jwt.split('.') as [string, string, string];
  const head = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (head.alg !== 'ES256') throw new Error(`JWT alg ${head.alg}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${c}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!signed) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600)
    throw new Error(`exp ${claims.exp} not in the next 24 h`);
  if (!claims.sub) throw new Error('no sub claim');
  return { key: k, claims };
}

/** RFC 8291 §3.4 key derivation, then one RFC 8188 aes128gcm record. */
function decrypt(body: Buffer, sub: Subscriber): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not the sender's 65-byte public key`);
  if (record.length > rs) throw new Error('more than one record');
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record padding delimiter');
  return plain.subarray(0, end);
}
