import { createHash } from 'node:crypto';

/** What the fake S3 answers in S3's own forms: a refusal with its code, an XML body, an object's ETag. */

/** A request S3 refuses: the HTTP status, S3's error code (NoSuchKey, SignatureDoesNotMatch…) and its message. */
export class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** An S3 XML document: the root element in S3's namespace around these fields, escaped. */
export const xml = (root: string, fields: Record<string, string>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${Object.entries(
    fields,
  )
    .map(([k, v]) => `<${k}>${v.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</${k}>`)
    .join('')}</${root}>`;

/** An object's ETag as S3 gives it for a single-part upload: its MD5, quoted. */
export const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;
