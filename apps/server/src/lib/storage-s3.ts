import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SIGNED_URL_SECONDS } from '@vigil/shared';
import { AppError } from './app-error.ts';
import { objectBaseUrl } from './s3-urls.ts';
import { type S3Storage, assertSafeKey, attachmentDisposition } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS itself. Set for MinIO, Ceph, Garage, R2, B2… (and the test's fake). */
  endpoint?: string;
  /** Both or neither; neither = the SDK's default chain (AWS_* env, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (most self-hosted stores). */
  forcePathStyle: boolean;
}

/** A multipart part: lib-storage buffers at most queueSize × partSize while streaming a file. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (v: string) =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const httpStatusOf = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

export function createS3Storage(s: S3Settings, log: (msg: string) => void): S3Storage {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
    // Checksums only where an operation requires one: the SDK's default (CRC32 trailers in an
    // aws-chunked body) is refused by many S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = s.bucket;

  /** SDK failures become catalogue errors; the operator's log keeps what S3 said. */
  async function call<T>(op: string, key: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof AppError) throw e;
      const status = httpStatusOf(e);
      const name = (e as Error)?.name;
      if (status === 404 || name === 'NoSuchKey' || name === 'NotFound') throw new AppError('not-found');
      if (name === 'AbortError') throw e;
      log(
        `S3 ${op} s3://${Bucket}/${key} failed: ${name}${status ? ` (HTTP ${status})` : ''}: ${(e as Error)?.message}`,
      );
      throw new AppError('unavailable');
    }
  }

  async function putFile(key: string, file: string, contentType: string, signal?: AbortSignal): Promise<void> {
    assertSafeKey(key);
    await call('upload', key, async () => {
      // Streams the file: one PutObject when it fits a part, else a multipart upload (aborted on failure).
      // Loaded on the first upload: a process without S3 never needs it, and it was part of every start.
      const { Upload } = await import('@aws-sdk/lib-storage');
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: createReadStream(file), ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      const abort = () => void upload.abort().catch(() => {});
      signal?.addEventListener('abort', abort, { once: true });
      try {
        await upload.done();
      } finally {
        signal?.removeEventListener('abort', abort);
      }
    });
  }

  const objectBase = objectBaseUrl(s);
  /** Signing keys of the day (SigV4 derives one per date, region and service). */
  const signingKeys = new Map<string, Buffer>();

  async function signedUrls(keys: readonly string[], ttlSeconds = SIGNED_URL_SECONDS): Promise<string[]> {
    for (const key of keys) assertSafeKey(key);
    // The SDK's getSignedUrl builds a middleware stack per call (~0.5 ms): 8,640 ten-second
    // segments of a day would block the event loop for seconds. The SigV4 query signature is the
    // same few HMACs, done here with node:crypto; test/fake-s3.ts checks it independently.
    const creds = await call('presign GetObject', keys[0] ?? '', () => client.config.credentials());
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const date = amzDate.slice(0, 8);
    const scope = `${date}/${s.region}/s3/aws4_request`;
    const cacheKey = `${creds.secretAccessKey}\n${scope}`;
    let signingKey = signingKeys.get(cacheKey);
    if (!signingKey) {
      const h = (k: Buffer | string, d: string) => createHmac('sha256', k).update(d).digest();
      signingKey = h(h(h(h(`AWS4${creds.secretAccessKey}`, date), s.region), 's3'), 'aws4_request');
      signingKeys.clear();
      signingKeys.set(cacheKey, signingKey);
    }
    const params: [string, string][] = [
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
      ['X-Amz-Content-Sha256', 'UNSIGNED-PAYLOAD'],
      ['X-Amz-Credential', `${creds.accessKeyId}/${scope}`],
      ['X-Amz-Date', amzDate],
      ['X-Amz-Expires', String(ttlSeconds)],
      ...(creds.sessionToken ? [['X-Amz-Security-Token', creds.sessionToken] as [string, string]] : []),
      ['X-Amz-SignedHeaders', 'host'],
    ];
    const query = params
      .map(([k, v]) => [rfc3986(k), rfc3986(v)])
      .sort(([a], [b]) => (a! < b! ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    return keys.map((key) => {
      // Safe keys need no escaping: [A-Za-z0-9._-/] only (assertSafeKey).
      const path = `${objectBase.path}${key}`;
      const canonical = ['GET', path, query, `host:${objectBase.host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
      const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join(
        '\n',
      );
      const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
      return `${objectBase.origin}${path}?${query}&X-Amz-Signature=${signature}`;
    });
  }

  return {
    driver: 's3',
    signedUrls,
    async put(key, data, contentType) {
      assertSafeKey(key);
      return call('PutObject', key, async () => {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
      });
    },
    putFile,
    async moveFile(key, file, contentType, signal) {
      await putFile(key, file, contentType, signal);
      await rm(file, { force: true });
    },
    async delete(key) {
      assertSafeKey(key);
      return call('DeleteObject', key, async () => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      });
    },
    async stat(key) {
      assertSafeKey(key);
      return call('HeadObject', key, async () => {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
      });
    },
    async read(key) {
      assertSafeKey(key);
      return call('GetObject', key, async () => {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          stream: got.Body as Readable,
          size: got.ContentLength ?? 0,
          contentType: got.ContentType ?? 'application/octet-stream',
        };
      });
    },
    async signedUrl(key, opts = {}) {
      assertSafeKey(key);
      // Signed locally from the credentials: no request to the store.
      return call('presign GetObject', key, () =>
        getSignedUrl(
          client,
          new GetObjectCommand({
            Bucket,
            Key: key,
            ResponseContentDisposition: opts.filename === undefined ? undefined : attachmentDisposition(opts.filename),
          }),
          { expiresIn: opts.ttlSeconds ?? SIGNED_URL_SECONDS },
        ),
      );
    },
    async close() {
      client.destroy();
    },
  };
}
