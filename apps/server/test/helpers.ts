import { deflateSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';

/** A pg client connected to a test database (for looking behind the API); the caller ends it. */
export async function connectPg(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** Runs one function with a short-lived pg client on a test database (for looking behind the API). */
export async function withPg<T>(databaseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectPg(databaseUrl);
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Row counts of the given tables, as numbers. */
export function countRows(databaseUrl: string, tables: readonly string[]): Promise<Record<string, number>> {
  return withPg(databaseUrl, async (c) => {
    const out: Record<string, number> = {};
    for (const t of tables) {
      const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from ${t}`);
      out[t] = rows[0]!.n;
    }
    return out;
  });
}

export const ACCOUNT_TABLES = ['users', 'workspaces', 'credentials', 'sessions'] as const;

export function signIn(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password }, remoteAddress });
}

export function getMe(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
}

export function patchMe(app: FastifyInstance, token: string, payload: unknown, extra: Partial<InjectOptions> = {}) {
  return app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as InjectOptions['payload'],
    ...extra,
  });
}

/** The `{ error: { code, message } }` body of a failed REST call. */
export function errorOf(res: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  return res.json().error;
}

/** Requests a reset for `email` and returns the token from the link in the newest outbox mail. */
export async function resetTokenFor(app: FastifyInstance, databaseUrl: string, email: string): Promise<string> {
  const before = await newestMail(databaseUrl, email);
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } });
  if (res.statusCode !== 202) throw new Error(`password-reset failed: ${res.statusCode} ${res.body}`);
  // The mail is written after the answer (so known and unknown emails answer alike): wait for it.
  const mail = await waitForMail(databaseUrl, email, (m) => m.id !== before?.id);
  const match = /\/auth\/reset\?token=([^\s]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in the outbox for ${email}`);
  return decodeURIComponent(match[1]!);
}

interface OutboxMail {
  id: string;
  text: string;
  sent_at: Date | null;
}

function newestMail(databaseUrl: string, email: string): Promise<OutboxMail | undefined> {
  return withPg(databaseUrl, async (c) => {
    const { rows } = await c.query<OutboxMail>(
      'select id, text, sent_at from mail_outbox where "to" = $1 order by created_at desc limit 1',
      [email],
    );
    return rows[0];
  });
}

/** The newest outbox mail to `email` that passes `ready`, polled for up to 5 s. */
export async function waitForMail(
  databaseUrl: string,
  email: string,
  ready: (m: OutboxMail) => boolean = () => true,
): Promise<OutboxMail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = await newestMail(databaseUrl, email);
    if (mail && ready(mail)) return mail;
    if (Date.now() > deadline) throw new Error(`no mail for ${email} in the outbox`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid 1×1 opaque red PNG (signature, IHDR, IDAT, IEND with real CRCs). */
export function tinyPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0); // width
  ihdr.writeUInt32BE(1, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  const raw = Buffer.from([0, 0xff, 0, 0]); // filter byte + one RGB pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  response: Response;
  /** The next event, or null once the server has ended the stream; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent | null>;
  /** Reads until the server ends the stream; returns the events seen on the way. */
  untilEnd(timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
}

/** Opens a real HTTP server-sent-events stream and parses it block by block. */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;

  async function readBlock(): Promise<string | null> {
    for (;;) {
      const at = buffer.indexOf('\n\n');
      if (at >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        return block;
      }
      if (ended) return null;
      reader ??= response.body!.getReader();
      const { done, value } = await reader.read();
      if (done) ended = true;
      else buffer += decoder.decode(value, { stream: true });
    }
  }

  async function nextEvent(): Promise<SseEvent | null> {
    for (;;) {
      const block = await readBlock();
      if (block === null) return null;
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trim());
      }
      if (event) return { event, data: data.length ? JSON.parse(data.join('\n')) : null };
    }
  }

  function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`SSE: no ${what} within ${ms} ms`)), ms);
    });
    return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
  }

  return {
    status: response.status,
    response,
    next: (timeoutMs = 5000) => withTimeout(nextEvent(), timeoutMs, 'event'),
    untilEnd: (timeoutMs = 5000) =>
      withTimeout(
        (async () => {
          const seen: SseEvent[] = [];
          for (let e = await nextEvent(); e; e = await nextEvent()) seen.push(e);
          return seen;
        })(),
        timeoutMs,
        'end of stream',
      ),
    close: () => abort.abort(),
  };
}

/**
 * Gives an account a role directly in the database. A workspace's owner keeps a managing role
 * (admin.setUserRole refuses to demote one), and until invitations exist nobody joins a workspace
 * through the API, so tests make their viewers and operators here, as an invitation will.
 */
export function setRoleInDb(databaseUrl: string, uid: string, role: string): Promise<unknown> {
  return withPg(databaseUrl, (c) => c.query('update users set role = $2 where id = $1', [uid, role]));
}

/**
 * Makes `uid` a member of `workspaceId` with `role` and moves their sessions there, as accepting
 * an invitation does (modules/team covers the invitation itself).
 */
export function joinWorkspace(
  databaseUrl: string,
  uid: string,
  workspaceId: string,
  role: 'manager' | 'operator' | 'viewer',
  cameraIds: string[] | null = null,
): Promise<unknown> {
  return withPg(databaseUrl, async (c) => {
    await c.query(
      `insert into memberships (workspace_id, user_id, role, camera_ids) values ($1, $2, $3, $4)
       on conflict (workspace_id, user_id) do update set role = excluded.role, camera_ids = excluded.camera_ids`,
      [workspaceId, uid, role, cameraIds],
    );
    await c.query('update sessions set workspace_id = $1 where user_id = $2', [workspaceId, uid]);
  });
}

/**
 * Puts a workspace on a plan (e.g. 'vms', whose features unlock the VMS area and AI) as the
 * administrator's complimentary grant does (modules/billing covers the grant itself).
 */
export function grantPlan(
  databaseUrl: string,
  workspaceId: string,
  planKey: 'basic' | 'pro' | 'vms',
): Promise<unknown> {
  return withPg(databaseUrl, async (c) => {
    await c.query(
      `update subscriptions set plan_key = $2, status = 'active', source = 'complimentary', interval = null,
         period_start = now(), period_end = null where workspace_id = $1`,
      [workspaceId, planKey],
    );
    // The owner's row mirrors the plan (billing's subscriptions.repo mirror): flags and limits.
    await c.query(
      `update users u set plan = p.key, plan_status = 'active', limits = p.limits,
         ai_access = (p.features->>'aiAccess')::boolean, vms_access = (p.features->>'vms')::boolean
       from plans p where p.key = $2 and u.workspace_id = $1`,
      [workspaceId, planKey],
    );
  });
}
