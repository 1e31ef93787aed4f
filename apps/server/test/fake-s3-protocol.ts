import { createHash } from 'node:crypto';

/** What the fake S3 answers in S3's own forms: a refusal with its code, an XML body, an object's ETag. */

export class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const xml = (root: string, fields: Record<string, string>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${Object.entries(
    fields,
  )
    .map(([k, v]) => `<${k}>${v.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</${k}>`)
    .join('')}</${root}>`;

export const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;
