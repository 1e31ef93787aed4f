import { describe, expect, it } from 'vitest';
import { objectBaseUrl } from './s3-urls.ts';

describe('objectBaseUrl: where presigned footage URLs (and the CSP) point', () => {
  it('AWS itself: the bucket as a virtual host of the regional endpoint, or in the path', () => {
    const aws = { bucket: 'cams', region: 'eu-west-3', endpoint: undefined };
    expect(objectBaseUrl({ ...aws, forcePathStyle: false })).toEqual({
      origin: 'https://cams.s3.eu-west-3.amazonaws.com',
      host: 'cams.s3.eu-west-3.amazonaws.com',
      path: '/',
    });
    expect(objectBaseUrl({ ...aws, forcePathStyle: true })).toEqual({
      origin: 'https://s3.eu-west-3.amazonaws.com',
      host: 's3.eu-west-3.amazonaws.com',
      path: '/cams/',
    });
  });

  it('a self-hosted endpoint keeps its port and any path prefix', () => {
    const minio = { bucket: 'cams', region: 'us-east-1', endpoint: 'http://minio.lan:9000/s3/' };
    expect(objectBaseUrl({ ...minio, forcePathStyle: true })).toEqual({
      origin: 'http://minio.lan:9000',
      host: 'minio.lan:9000',
      path: '/s3/cams/',
    });
    expect(objectBaseUrl({ ...minio, forcePathStyle: false }).origin).toBe('http://cams.minio.lan:9000');
    // A default port is not part of the host S3 signs.
    expect(objectBaseUrl({ ...minio, endpoint: 'https://r2.example:443', forcePathStyle: true }).host).toBe(
      'r2.example',
    );
  });
});
