import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './harness.ts';
import { errorOf } from './helpers.ts';

/** What a production server answers besides the body: response headers, the production Host check, stream caps. */
describe('security headers, Host check and stream caps', () => {
  const inline = "document.documentElement.lang = 'en';";
  const offlineScript = 'document.documentElement.lang = navigator.language.slice(0, 2);';
  let web: string;
  let t: TestApp;
  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'vigil-web-'));
    writeFileSync(path.join(web, 'index.html'), `<!doctype html><script>${inline}</script><div id="root"></div>`);
    writeFileSync(path.join(web, 'sw.js'), "self.addEventListener('push', () => {});");
    writeFileSync(path.join(web, 'manifest.webmanifest'), '{"name":"Vigil"}');
    writeFileSync(path.join(web, 'offline.html'), `<!doctype html><script>${offlineScript}</script>`);
    mkdirSync(path.join(web, '.vite'));
    writeFileSync(path.join(web, '.vite/manifest.json'), '{"index.html":{"file":"assets/index.js"}}');
    t = await createTestApp({ VIGIL_WEB_DIR: web });
  });
  afterAll(() => t.close());

  it('the app page runs under a strict CSP that names its one inline script; API answers allow nothing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/viewer/live' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // A revalidated page (304, no content type) keeps the app's CSP: the browser applies these
    // headers to the page it has cached.
    const again = await t.app.inject({
      method: 'GET',
      url: '/viewer/live',
      headers: {
        'if-none-match': String(page.headers.etag),
        'if-modified-since': String(page.headers['last-modified']),
      },
    });
    if (again.statusCode === 304) expect(again.headers['content-security-policy']).toBe(csp);
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['strict-transport-security']).toBeUndefined();
  });

  it('the service worker and manifest: allowed by the CSP, served fresh, with their types', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    // offline.html's own inline script (its language) runs too, by hash.
    expect(csp).toContain(`'sha256-${createHash('sha256').update(offlineScript).digest('base64')}'`);
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    // The worker runs at the site root, its default scope: it needs no Service-Worker-Allowed.
    expect(sw.headers['service-worker-allowed']).toBeUndefined();
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // The build's chunk list stays on the server: no file under a dot folder is served, nor the app page.
    for (const url of ['/.vite/manifest.json', '/.vite/']) {
      const hidden = await t.app.inject({ method: 'GET', url });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).not.toContain('assets/index.js');
    }
  });

  it('HSTS when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://vigil.example.com' });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });

  it('in production, a request for another Host is refused (DNS rebinding); health answers any Host', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://vigil.example.com' });
    try {
      const rebound = await prod.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        headers: { host: 'attacker.example:3000' },
        payload: { email: 'a@example.com', password: 'secret123', displayName: 'A' },
      });
      expect(rebound.statusCode).toBe(403);
      expect(errorOf(rebound).message).toBe('This server answers only at https://vigil.example.com.');
      const ours = await prod.app.inject({
        method: 'GET',
        url: '/api/v1/auth/session',
        headers: { host: 'vigil.example.com' },
      });
      expect(ours.statusCode).toBe(200);
      const probe = await prod.app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.7:3000' } });
      expect(probe.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it('realtime streams: nosniff on the stream, and one address gets 32 at most', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const open = () =>
      new Promise<{ status: number; headers: Record<string, unknown>; close: () => void }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/api/v1/realtime' }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, close: () => req.destroy() });
        });
        req.on('error', reject);
        req.end();
      });
    const streams = [];
    for (let i = 0; i < 32; i++) streams.push(await open());
    expect(streams.every((s) => s.status === 200)).toBe(true);
    expect(streams[0]!.headers['x-content-type-options']).toBe('nosniff');
    const over = await open();
    expect(over.status).toBe(429);
    over.close();
    // Closing one frees a place, once the server has seen the connection close.
    streams.pop()!.close();
    const deadline = Date.now() + 5000;
    let again = await open();
    while (again.status === 429 && Date.now() < deadline) {
      again.close();
      again = await open();
    }
    expect(again.status).toBe(200);
    for (const s of [...streams, again]) s.close();
  });
});
