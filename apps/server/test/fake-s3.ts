import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Refusal, etagOf, xml } from './fake-s3-protocol.ts';
import { parseQuery, verifySignature } from './fake-s3-sigv4.ts';

/**
 * A small S3-compatible server for tests: path-style PutObject, multipart upload (create,
 * upload part, complete, abort), GetObject (with one byte range: 206, or 416), HeadObject and DeleteObject. Every request must
 * carry a valid AWS Signature V4, in the Authorization header or in a presigned query; the
 * signature is recomputed from the secret key with node:crypto (not with the SDK that signed it:
 * fake-s3-sigv4.ts), so a wrong secret, a changed path, query, header or body is refused as S3 would.
 */
export interface FakeS3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface StoredS3Object {
  body: Buffer;
  contentType: string;
}

export interface SeenRequest {
  method: string;
  /** The raw path, e.g. /bucket/a/b.png (path-style). */
  path: string;
  query: Record<string, string>;
  /** 'header' (Authorization), 'query' (presigned) or 'none'. */
  auth: 'header' | 'query' | 'none';
  /** The HTTP status the fake answered with. */
  status: number;
  /** The S3 error code when refused (SignatureDoesNotMatch, NoSuchKey, …). */
  error?: string;
  /** x-amz-content-sha256 as sent (a hex hash, or UNSIGNED-PAYLOAD). */
  payloadHash?: string;
  bytes: number;
}

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, StoredS3Object>;
  requests: SeenRequest[];
  /** Multipart uploads begun and not yet completed or aborted. */
  openUploads(): number;
  /** While true every request is answered 503 ServiceUnavailable (an outage, for retry tests). */
  down: boolean;
  close(): Promise<void>;
}

/**
 * A GET's `Range: bytes=a-b | a- | -n` as S3 reads it (one range): null = the whole object (no
 * header, or one S3 ignores), 'unsatisfiable' = 416 InvalidRange.
 */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export async function startFakeS3(o: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, StoredS3Object>();
  const uploads = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();
  const requests: SeenRequest[] = [];
  const fake = { down: false } as FakeS3;

  async function handle(req: IncomingMessage, res: ServerResponse, seen: SeenRequest) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    seen.bytes = body.length;
    const url = req.url ?? '/';
    const qAt = url.indexOf('?');
    const rawPath = qAt < 0 ? url : url.slice(0, qAt);
    const query = parseQuery(qAt < 0 ? '' : url.slice(qAt + 1));
    seen.query = Object.fromEntries(query);
    seen.auth = req.headers.authorization ? 'header' : new Map(query).has('X-Amz-Algorithm') ? 'query' : 'none';
    seen.payloadHash = verifySignature(o, req, rawPath, query, body);
    if (fake.down) throw new S3Refusal(503, 'ServiceUnavailable', 'Please reduce your request rate.');

    // Path-style only: /<bucket>/<key>.
    const [, bucket, ...rest] = rawPath.split('/');
    if (bucket !== o.bucket) throw new S3Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = rest.map(decodeURIComponent).join('/');
    if (!key) throw new S3Refusal(501, 'NotImplemented', 'Bucket-level operations are not implemented');
    const q = new Map(query);
    const send = (status: number, headers: Record<string, string | number>, payload?: Buffer | string) => {
      seen.status = status;
      res.writeHead(status, headers);
      res.end(payload);
    };

    if (req.method === 'POST' && q.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, {
        key,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        parts: new Map(),
      });
      return send(
        200,
        { 'content-type': 'application/xml' },
        xml('InitiateMultipartUploadResult', { Bucket: bucket, Key: key, UploadId: uploadId }),
      );
    }
    if (q.has('uploadId')) {
      const upload = uploads.get(q.get('uploadId')!);
      if (!upload || upload.key !== key) throw new S3Refusal(404, 'NoSuchUpload', 'The upload does not exist');
      if (req.method === 'PUT') {
        const n = Number(q.get('partNumber'));
        if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new S3Refusal(400, 'InvalidArgument', 'Bad partNumber');
        upload.parts.set(n, body);
        return send(200, { etag: etagOf(body) });
      }
      if (req.method === 'POST') {
        const listed = [...body.toString('utf8').matchAll(/<Part>(.*?)<\/Part>/gs)].map((m) => ({
          n: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1]!)?.[1]),
          etag: (/<ETag>([^<]+)<\/ETag>/.exec(m[1]!)?.[1] ?? '').replace(/&quot;/g, '"'),
        }));
        const parts: Buffer[] = [];
        for (const [i, { n, etag }] of listed.entries()) {
          const part = upload.parts.get(n);
          if (!part || etag !== etagOf(part)) throw new S3Refusal(400, 'InvalidPart', `Part ${n} is missing`);
          if (i > 0 && n <= listed[i - 1]!.n) throw new S3Refusal(400, 'InvalidPartOrder', 'Parts out of order');
          if (i < listed.length - 1 && part.length < 5 * 1024 * 1024)
            throw new S3Refusal(400, 'EntityTooSmall', 'A part other than the last is under 5 MB');
          parts.push(part);
        }
        if (parts.length === 0) throw new S3Refusal(400, 'MalformedXML', 'No parts listed');
        const whole = Buffer.concat(parts);
        objects.set(key, { body: whole, contentType: upload.contentType });
        uploads.delete(q.get('uploadId')!);
        return send(
          200,
          { 'content-type': 'application/xml' },
          xml('CompleteMultipartUploadResult', { Bucket: bucket, Key: key, ETag: etagOf(whole) }),
        );
      }
      if (req.method === 'DELETE') {
        uploads.delete(q.get('uploadId')!);
        return send(204, {});
      }
    }
    if (req.method === 'PUT') {
      if (req.headers['x-amz-copy-source']) throw new S3Refusal(501, 'NotImplemented', 'No copy');
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
      return send(200, { etag: etagOf(body) });
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return send(204, {});
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const obj = objects.get(key);
      if (!obj) throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.');
      const headers: Record<string, string | number> = {
        'content-type': q.get('response-content-type') ?? obj.contentType,
        'content-length': obj.body.length,
        etag: etagOf(obj.body),
        'last-modified': new Date().toUTCString(),
      };
      const disposition = q.get('response-content-disposition');
      if (disposition) headers['content-disposition'] = disposition;
      headers['accept-ranges'] = 'bytes';
      const range = req.method === 'GET' ? byteRange(req.headers.range, obj.body.length) : null;
      if (range === 'unsatisfiable') throw new S3Refusal(416, 'InvalidRange', 'The requested range is not satisfiable');
      if (range) {
        headers['content-range'] = `bytes ${range.start}-${range.end}/${obj.body.length}`;
        headers['content-length'] = range.end - range.start + 1;
        return send(206, headers, obj.body.subarray(range.start, range.end + 1));
      }
      return send(200, headers, req.method === 'GET' ? obj.body : undefined);
    }
    throw new S3Refusal(501, 'NotImplemented', `${req.method} is not implemented`);
  }

  const server = createServer((req, res) => {
    const seen: SeenRequest = {
      method: req.method ?? '',
      path: (req.url ?? '').split('?')[0]!,
      query: {},
      auth: 'none',
      status: 0,
      bytes: 0,
    };
    requests.push(seen);
    handle(req, res, seen).catch((e: unknown) => {
      const r =
        e instanceof S3Refusal ? e : new S3Refusal(500, 'InternalError', e instanceof Error ? e.message : String(e));
      seen.status = r.status;
      seen.error = r.code;
      const payload = req.method === 'HEAD' ? undefined : xml('Error', { Code: r.code, Message: r.message });
      if (!res.headersSent) res.writeHead(r.status, { 'content-type': 'application/xml' });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(fake, {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    openUploads: () => uploads.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return fake;
}
