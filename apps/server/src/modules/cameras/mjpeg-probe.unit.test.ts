import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testFrames } from '../../../test/mjpeg-camera.ts';
import { authorizationFor, challengeParams } from '../../lib/http-digest.ts';
import { JpegFrameScanner } from './jpeg-frames.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('JPEG pictures found by their bytes', () => {
  const [a, b] = testFrames();
  const part = (jpeg: Buffer) =>
    Buffer.concat([Buffer.from(`--frame\r\nContent-Type: image/jpeg\r\n\r\n`), jpeg, Buffer.from('\r\n')]);

  it('finds each part of a multipart stream, even fed one byte at a time, with its size', () => {
    const stream = Buffer.concat([part(a!), part(b!), part(a!).subarray(0, 100)]);
    const scanner = new JpegFrameScanner();
    const found = [...stream].flatMap((byte) => scanner.push(Buffer.from([byte])));
    expect(found).toEqual([
      { width: 320, height: 240 },
      { width: 320, height: 240 },
    ]);
  });

  it('finds JPEGs back to back with no multipart around them', () => {
    expect(new JpegFrameScanner().push(Buffer.concat([a!, b!, a!]))).toHaveLength(3);
  });

  it('does not count the thumbnail inside a picture’s EXIF block as a picture', () => {
    const exif = Buffer.concat([Buffer.from('Exif\0\0'), b!]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.alloc(2), exif]);
    app1.writeUInt16BE(exif.length + 2, 2);
    const withThumb = Buffer.concat([a!.subarray(0, 2), app1, a!.subarray(2)]);
    expect(new JpegFrameScanner().push(Buffer.concat([withThumb, withThumb]))).toHaveLength(2);
  });

  it('finds nothing in what is not a picture', () => {
    const scanner = new JpegFrameScanner();
    expect(scanner.push(Buffer.from('{"status":"ok","uptime":12}'))).toEqual([]);
    expect(scanner.overflowed).toBe(false);
  });
});

describe('the answer to an HTTP camera’s 401', () => {
  const creds = { username: 'admin', password: 'p@ss:w0rd' };

  it('Basic when that is all the camera offers', () => {
    expect(authorizationFor('Basic realm="cam"', creds, 'GET', '/video.mjpg')).toBe(
      `Basic ${Buffer.from('admin:p@ss:w0rd').toString('base64')}`,
    );
  });

  it('Digest (qop auth, MD5) over Basic when both are offered, with the opaque sent back', () => {
    const header = authorizationFor(
      'Basic realm="cam", Digest realm="cam, front", nonce="n0nce", qop="auth,auth-int", opaque="op"',
      creds,
      'GET',
      '/video.mjpg?x=1',
    )!;
    expect(header).toMatch(/^Digest /);
    const p = challengeParams(header.slice(7));
    expect(p).toMatchObject({ username: 'admin', realm: 'cam, front', nonce: 'n0nce', uri: '/video.mjpg?x=1' });
    expect(p).toMatchObject({ qop: 'auth', nc: '00000001', opaque: 'op' });
    const ha1 = md5('admin:cam, front:p@ss:w0rd');
    const ha2 = md5('GET:/video.mjpg?x=1');
    expect(p.response).toBe(md5(`${ha1}:n0nce:${p.nc}:${p.cnonce}:auth:${ha2}`));
  });

  it('RFC 2069 Digest without qop, MD5-sess, and nothing for what ffmpeg cannot answer either', () => {
    const plain = challengeParams(authorizationFor('Digest realm="r", nonce="n"', creds, 'GET', '/v')!.slice(7));
    expect(plain.response).toBe(md5(`${md5('admin:r:p@ss:w0rd')}:n:${md5('GET:/v')}`));
    expect(plain.qop).toBeUndefined();
    const sess = challengeParams(
      authorizationFor('Digest realm="r", nonce="n", qop=auth, algorithm=MD5-sess', creds, 'GET', '/v')!.slice(7),
    );
    const ha1 = md5(`${md5('admin:r:p@ss:w0rd')}:n:${sess.cnonce}`);
    expect(sess.response).toBe(md5(`${ha1}:n:00000001:${sess.cnonce}:auth:${md5('GET:/v')}`));
    expect(authorizationFor('Digest realm="r", nonce="n", algorithm=SHA-256', creds, 'GET', '/v')).toBeNull();
    expect(authorizationFor('Bearer realm="r"', creds, 'GET', '/v')).toBeNull();
  });
});
