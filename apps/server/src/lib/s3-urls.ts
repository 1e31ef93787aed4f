import type { S3Settings } from './storage-s3.ts';

/*
 * Kept apart from storage-s3.ts (which loads the AWS SDK): the CSP needs the bucket's origin in
 * every process, S3 or not, and must name exactly the origin presigned URLs point at.
 */

/**
 * Where an object's URL starts, as the SDK addresses it: path style = endpoint/bucket/key,
 * virtual-hosted = bucket.endpoint/key; AWS itself = bucket.s3.region.amazonaws.com/key.
 */
export function objectBaseUrl(s: Pick<S3Settings, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): {
  origin: string;
  host: string;
  path: string;
} {
  const u = new URL(s.endpoint ?? `https://s3.${s.region}.amazonaws.com`);
  const prefix = u.pathname.replace(/\/+$/, '');
  if (s.forcePathStyle) return { origin: u.origin, host: u.host, path: `${prefix}/${s.bucket}/` };
  const host = `${s.bucket}.${u.host}`;
  return { origin: `${u.protocol}//${host}`, host, path: `${prefix}/` };
}
