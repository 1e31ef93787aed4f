import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { AppError } from './app-error.ts';
import { openStorage } from './open-storage.ts';
import { type S3Settings, createS3Storage } from './storage-s3.ts';
import type { Storage } from './storage.ts';

const BUCKET = 'vigil-test';
const REGION = 'eu-west-3';
const KEY_ID = 'VIGILTESTKEY';
const SECRET = 'vigil-test-secret-0123456789abcdef';

/** The rejection an async call ends in, so its code can be checked. */
async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('S3 storage (real AWS SDK v3 against a local S3 server that checks SigV4)', () => {
  let s3: FakeS3;
  let settings: S3Settings;
  let storage: Storage;
  const logged: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-s3-'));

  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: BUCKET, region: REGION, accessKeyId: KEY_ID, secretAccessKey: SECRET });
    settings = {
      bucket: BUCKET,
      region: REGION,
      endpoint: s3.endpoint,
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
      forcePathStyle: true,
    };
    storage = createS3Storage(settings, (m) => logged.push(m));
  });
  afterAll(async () => {
    await storage?.close();
    await s3?.close();
  });

  it('put sends the exact bytes, signed, path-style; stat, read and a presigned GET get them back', async () => {
    const body = randomBytes(3000);
    await storage.put('users/u1/photo-1.png', body, 'image/png');
    const put = s3.requests.at(-1)!;
    expect(put).toMatchObject({ method: 'PUT', path: `/${BUCKET}/users/u1/photo-1.png`, auth: 'header', status: 200 });
    // The payload hash was signed and matched the body the fake received.
    expect(put.payloadHash).toBe(createHash('sha256').update(body).digest('hex'));
    expect(s3.objects.get('users/u1/photo-1.png')).toEqual({ body, contentType: 'image/png' });

    expect(await storage.stat('users/u1/photo-1.png')).toEqual({ size: 3000, contentType: 'image/png' });
    const read = await storage.read('users/u1/photo-1.png');
    const chunks: Buffer[] = [];
    for await (const c of read.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);

    const url = new URL(await storage.signedUrl('users/u1/photo-1.png', { ttlSeconds: 120, filename: 'Me é.png' }));
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${BUCKET}/users/u1/photo-1.png`);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      new RegExp(`^${KEY_ID}/\\d{8}/${REGION}/s3/aws4_request$`),
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Me _.png"; filename*=UTF-8''${encodeURIComponent('Me é.png')}`,
    );
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', auth: 'query', status: 200 });

    // The signature covers the path and the query: a changed one is refused by the server.
    const other = new URL(url);
    other.searchParams.set('response-content-disposition', 'inline');
    expect((await fetch(other)).status).toBe(403);
    expect(s3.requests.at(-1)!.error).toBe('SignatureDoesNotMatch');
  });

  it('moveFile streams a 12 MB file as a multipart upload, then removes the local file', async () => {
    const file = path.join(dir, 'big.mp4');
    const bytes = randomBytes(12 * 1024 * 1024);
    writeFileSync(file, bytes);
    const before = s3.requests.length;
    await storage.moveFile('workspaces/w1/exports/e1.mp4', file, 'video/mp4');
    const seen = s3.requests.slice(before);
    expect(seen.map((r) => `${r.method} ${Object.keys(r.query).sort().join(',')} ${r.status}`)).toEqual([
      'POST uploads 200',
      'PUT partNumber,uploadId,x-id 200',
      'PUT partNumber,uploadId,x-id 200',
      'POST uploadId 200',
    ]);
    expect(seen.every((r) => r.auth === 'header' && r.path === `/${BUCKET}/workspaces/w1/exports/e1.mp4`)).toBe(true);
    // 8 MB parts: the file never sits whole in memory.
    expect(seen[1]!.bytes).toBe(8 * 1024 * 1024);
    expect(seen[2]!.bytes).toBe(4 * 1024 * 1024);
    const stored = s3.objects.get('workspaces/w1/exports/e1.mp4')!;
    expect(stored.contentType).toBe('video/mp4');
    expect(stored.body.equals(bytes)).toBe(true);
    expect(s3.openUploads()).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('delete removes the object; a missing object is not-found, not a storage failure', async () => {
    await storage.put('gone/soon.txt', Buffer.from('bye'), 'text/plain');
    await storage.delete('gone/soon.txt');
    expect(s3.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/${BUCKET}/gone/soon.txt`, status: 204 });
    expect(s3.objects.has('gone/soon.txt')).toBe(false);
    expect((await failure(storage.stat('gone/soon.txt'))).code).toBe('not-found');
    expect((await failure(storage.read('gone/soon.txt'))).code).toBe('not-found');
    // Keys are checked before anything leaves the process.
    const count = s3.requests.length;
    expect((await failure(storage.put('../escape', Buffer.from('x'), 'text/plain'))).code).toBe('invalid-argument');
    expect(s3.requests.length).toBe(count);
  });

  it('a wrong secret key is refused by the server, and the caller gets unavailable (the log says why)', async () => {
    const wrong = createS3Storage({ ...settings, secretAccessKey: `${SECRET}x` }, (m) => logged.push(m));
    try {
      const count = s3.objects.size;
      const err = await failure(wrong.put('users/u2/photo.png', Buffer.from('png'), 'image/png'));
      expect(err.code).toBe('unavailable');
      expect(err.message).toBe('Service temporarily unavailable. Please try again.');
      expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', auth: 'header', status: 403 });
      expect(s3.requests.at(-1)!.error).toBe('SignatureDoesNotMatch');
      expect(s3.objects.size).toBe(count);
      expect(logged.at(-1)).toMatch(/PutObject s3:\/\/vigil-test\/users\/u2\/photo\.png failed: SignatureDoesNotMatch/);

      // A multipart upload with the wrong key fails at its first request; nothing is stored.
      const file = path.join(dir, 'refused.mp4');
      writeFileSync(file, randomBytes(1000));
      expect((await failure(wrong.moveFile('w/refused.mp4', file, 'video/mp4'))).code).toBe('unavailable');
      expect(s3.objects.has('w/refused.mp4')).toBe(false);

      // A URL presigned with the wrong key is refused when the browser uses it.
      await storage.put('users/u2/ok.png', Buffer.from('png'), 'image/png');
      const res = await fetch(await wrong.signedUrl('users/u2/ok.png'));
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    } finally {
      await wrong.close();
    }
  });

  it('an unknown access key and an unreachable endpoint are unavailable too', async () => {
    const unknown = createS3Storage({ ...settings, accessKeyId: 'NOSUCHKEY' }, () => {});
    const down = createS3Storage({ ...settings, endpoint: 'http://127.0.0.1:9' }, (m) => logged.push(m));
    try {
      expect((await failure(unknown.stat('users/u1/photo-1.png'))).code).toBe('unavailable');
      expect(s3.requests.at(-1)).toMatchObject({ method: 'HEAD', status: 403 });
      expect((await failure(down.put('a.txt', Buffer.from('a'), 'text/plain'))).code).toBe('unavailable');
      expect(logged.at(-1)).toMatch(/PutObject s3:\/\/vigil-test\/a\.txt failed/);
    } finally {
      await unknown.close();
      await down.close();
    }
  });
});

describe('storage configuration', () => {
  const base = () => ({ VIGIL_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-cfg-')) });

  it('local by default; S3 when S3_BUCKET is set, path-style by default with a custom endpoint', async () => {
    const local = loadConfig(base());
    expect(local.s3).toBeUndefined();
    expect((await openStorage(local, () => {})).driver).toBe('local');

    const c = loadConfig({
      ...base(),
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio.lan:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(c.s3).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://minio.lan:9000',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    const opened = await openStorage(c, () => {});
    expect(opened.driver).toBe('s3');
    await opened.close();
    const aws = loadConfig({ ...base(), S3_BUCKET: 'media', S3_REGION: 'eu-west-3' });
    expect(aws.s3).toMatchObject({ region: 'eu-west-3', endpoint: undefined, forcePathStyle: false });
    expect(loadConfig({ ...base(), S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  it('refuses half an S3 configuration with a readable message', () => {
    expect(() => loadConfig({ ...base(), S3_ENDPOINT: 'http://minio.lan:9000' })).toThrowError(
      new ConfigError('Invalid configuration: S3_BUCKET is required with S3_ENDPOINT'),
    );
    expect(() => loadConfig({ ...base(), S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' })).toThrowError(
      new ConfigError('Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither'),
    );
    expect(() => loadConfig({ ...base(), S3_BUCKET: 'media', S3_ENDPOINT: 'not a url' })).toThrow(
      /Invalid configuration: S3_ENDPOINT/,
    );
    expect(() => loadConfig({ ...base(), S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /Invalid configuration: S3_FORCE_PATH_STYLE/,
    );
  });
});
