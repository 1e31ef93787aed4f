/*
 * Kept apart from storage-s3.ts (which loads the AWS SDK): the CSP needs the bucket's origin in
 * every process, S3 or not, and must name exactly the origin presigned URLs point at.
 */

/** What addresses a bucket (a part of S3Settings). */
export interface S3Address {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
}

/**
 * Where an object's URL starts, as the SDK addresses it: path style = endpoint/bucket/key,
 * virtual-hosted = bucket.endpoint/key; AWS itself = bucket.s3.region.amazonaws.com/key.
 */
export function objectBaseUrl(s: S3Address): {
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
