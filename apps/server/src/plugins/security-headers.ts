import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { objectBaseUrl } from '../lib/s3-urls.ts';

/**
 * Headers every response carries, and the production Host check.
 * - The web app runs under a strict CSP: scripts only from this origin (plus the hashes of the
 *   inline scripts of index.html, the theme switch that avoids a flash, and of offline.html), media and workers from
 *   blob: (MSE and hls.js), no framing anywhere. API responses get a CSP that allows nothing.
 * - HSTS when PUBLIC_URL is https.
 * - In production, a request for another Host is refused: DNS rebinding could otherwise let a
 *   web page reach a fresh install's sign-up (the first account becomes admin) from a browser.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function registerSecurityHeaders(app: FastifyInstance, config: Config, webDir: string) {
  // index.html's theme switch, and offline.html's language pick (the page the service worker shows offline).
  const hashes = ['index.html', 'offline.html'].flatMap((page) => inlineScriptHashes(path.join(webDir, page)));
  const appCsp = webCsp(
    hashes,
    storageOrigin(config),
    config.mapTileUrl ? new URL(tileOrigin(config.mapTileUrl)).origin : undefined,
  );
  const hsts = config.publicUrl.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : null;
  const publicHost = new URL(config.publicUrl).host.toLowerCase();

  if (config.env === 'production') {
    app.addHook('onRequest', (req, _reply, done) => {
      if ((req.headers.host ?? '').toLowerCase() === publicHost) return done();
      // Orchestrators probe health and scrape metrics by address, not by name; other Vigil processes
      // reach a recorder at its internal address (those routes want the cluster token instead).
      if (/^\/(api\/health(\/ready)?(\?|$)|api\/internal\/|metrics(\?|$))/.test(req.url)) return done();
      done(new AppError('permission-denied', `This server answers only at ${config.publicUrl}.`));
    });
  }

  const always: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
  // A callback, not an async function: every answer passes here, and a promise per hook adds up.
  app.addHook('onSend', (req, reply, _payload, done) => {
    reply.headers(always);
    // The service worker and the manifest must reach browsers as soon as they change (a stale worker
    // would keep serving the previous offline page and notification code).
    if (/^\/(sw\.js|manifest\.webmanifest)(\?|$)/.test(req.url)) reply.header('cache-control', 'no-cache');
    // A route that set its own (a stored file's sandbox) keeps it; the API browser has its own page.
    if (reply.hasHeader('content-security-policy') || req.url.startsWith('/api/docs')) return done();
    // By path, not by the answer's type: a 304 for index.html has no type, and the browser would
    // apply its headers, a deny-all CSP among them, to the page it has cached.
    const api = req.url === '/api' || req.url.startsWith('/api/');
    reply.header('content-security-policy', api ? API_CSP : appCsp);
    done();
  });
}

/** The origin of a tile URL template ({z}/{x}/{y} and {s} are not part of a host name). */
function tileOrigin(template: string): string {
  return template.replace(/\{s\}\./, '').replace(/\{[a-z]\}/g, '0');
}

export function webCsp(scriptHashes: string[], bucketOrigin?: string, tilesOrigin?: string): string {
  const bucket = bucketOrigin ? ` ${bucketOrigin}` : '';
  // The VMS dashboard's map loads its tiles as images from the installation's tile server only.
  const tiles = tilesOrigin ? ` ${tilesOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    // Radix primitives set inline styles; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${bucket}${tiles}`,
    // With S3, recorded footage plays from presigned GETs on the bucket (hls.js fetches the byte
    // ranges; Safari's native HLS loads them as media).
    `media-src 'self' blob:${bucket}`,
    // 'self': the service worker (/sw.js: offline page, web push); blob: hls.js's worker.
    "worker-src 'self' blob:",
    // The PWA manifest (/manifest.webmanifest), named explicitly rather than left to default-src.
    "manifest-src 'self'",
    `connect-src 'self'${bucket}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** sha256 sources for each inline <script> of the built index.html (none when there is no build). */
export function inlineScriptHashes(indexFile: string): string[] {
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) => `sha256-${createHash('sha256').update(m[1]!).digest('base64')}`,
  );
}

/** With S3, profile photos and recorded footage load from presigned URLs on the bucket's own origin. */
function storageOrigin(config: Config): string | undefined {
  return config.s3 && objectBaseUrl(config.s3).origin;
}
