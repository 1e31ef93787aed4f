import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callFunction, onUnreachable, readCallablePayload, request } from './api-client.ts';

/** A real HTTP server: the client's relative paths are sent to it through real fetch. */
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler = (_req, _body, res) => res.end();
let server: Server;
let base = '';
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${base}${input}`, init));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${base}${input}`, init));
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('request', () => {
  it('returns success with the parsed body and sends JSON', async () => {
    let seen: { method?: string; type?: string; body?: string } = {};
    handler = (req, body, res) => {
      seen = { method: req.method, type: req.headers['content-type'], body };
      json(res, 200, { hello: 'world' });
    };
    const result = await request<{ hello: string }>('PATCH', '/api/v1/me', { displayName: 'Ann' });
    expect(result).toEqual({ success: true, data: { hello: 'world' } });
    expect(seen).toEqual({ method: 'PATCH', type: 'application/json', body: '{"displayName":"Ann"}' });
  });

  it('maps an error body to the catalogue message, never the server text', async () => {
    handler = (_req, _body, res) => json(res, 400, { error: { code: 'auth/wrong-password', message: 'server words' } });
    expect(await request('POST', '/api/v1/auth/sign-in', {})).toEqual({
      success: false,
      error: { code: 'auth/wrong-password', message: 'Invalid password. Please try again.' },
    });
  });

  it('answers 204 with undefined data', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(204);
      res.end();
    };
    expect(await request('POST', '/api/v1/auth/sign-out')).toEqual({ success: true, data: undefined });
  });

  it('sends a Blob raw with its own content type', async () => {
    let type: string | undefined;
    let length = 0;
    handler = (req, body, res) => {
      type = req.headers['content-type'];
      length = body.length;
      json(res, 200, {});
    };
    await request('PUT', '/api/v1/me/photo', new Blob(['abcd'], { type: 'image/png' }));
    expect(type).toBe('image/png');
    expect(length).toBe(4);
  });

  it('reports network failure as unavailable and tells the listeners', async () => {
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`http://127.0.0.1:1${input}`, init));
    const heard = vi.fn();
    const off = onUnreachable(heard);
    const result = await request('GET', '/api/health');
    off();
    expect(result).toEqual({
      success: false,
      error: { code: 'unavailable', message: 'Service temporarily unavailable. Please try again.' },
    });
    expect(heard).toHaveBeenCalledOnce();
  });

  it('times out with deadline-exceeded', async () => {
    handler = () => {}; // never answers
    const result = await request('GET', '/api/slow', undefined, { timeoutMs: 50 });
    expect(result).toEqual({
      success: false,
      error: { code: 'deadline-exceeded', message: 'Request timed out. Please try again.' },
    });
  });
});

describe('callFunction', () => {
  it('POSTs {data} to /api/fn/<name> and reads result', async () => {
    let seen: { url?: string; body?: string } = {};
    handler = (req, body, res) => {
      seen = { url: req.url, body };
      json(res, 200, { result: { uid: 'u1', role: 'viewer' } });
    };
    const result = await callFunction('admin.setUserRole', { uid: 'u1', role: 'viewer' });
    expect(result).toEqual({ success: true, data: { uid: 'u1', role: 'viewer' } });
    expect(seen).toEqual({ url: '/api/fn/admin.setUserRole', body: '{"data":{"uid":"u1","role":"viewer"}}' });
  });

  it('maps callable errors', async () => {
    handler = (_req, _body, res) =>
      json(res, 403, { error: { status: 'PERMISSION_DENIED', message: 'x', details: { code: 'permission-denied' } } });
    const result = await callFunction('admin.setUserDisabled', {});
    expect(result).toEqual({
      success: false,
      // The catalogue message, with the server's own words beside it (describeError picks).
      error: {
        code: 'permission-denied',
        message: 'You do not have permission to perform this action.',
        detail: 'x',
      },
    });
  });

  it('times out with deadline-exceeded', async () => {
    handler = () => {};
    const result = await callFunction('slow', {}, { timeoutMs: 50 });
    expect(result.success === false && result.error.code).toBe('deadline-exceeded');
  });
});

describe('readCallablePayload', () => {
  it('reads result first, then data', () => {
    expect(readCallablePayload({ result: 1, data: 2 })).toBe(1);
    expect(readCallablePayload({ data: 2 })).toBe(2);
    expect(readCallablePayload({ result: null })).toBeNull();
    expect(readCallablePayload(undefined)).toBeUndefined();
  });
});
