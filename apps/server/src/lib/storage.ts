import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SIGNED_URL_SECONDS } from '@vigil/shared';
import { AppError } from './app-error.ts';

/**
 * Spec §7 storage: upload to a path, delete, short-lived signed download URLs. Local disk by
 * default; the interface is what an S3-compatible store implements too.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number; contentType: string }>;
  signedUrl(key: string, ttlSeconds?: number): string;
  verify(key: string, expires: number, signature: string): boolean;
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

export function assertSafeKey(key: string): void {
  if (key.length > 300 || !SAFE_KEY.test(key) || key.split('/').some((p) => p === '..' || p === '.')) {
    throw new AppError('invalid-argument', 'Invalid request parameters.', { path: 'not a valid storage path' });
  }
}

export function createLocalStorage(root: string, secret: string, publicBase = ''): Storage {
  const sign = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data, contentType) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = `${target}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await writeFile(`${target}.type`, contentType);
      await rename(tmp, target);
    },
    async delete(key) {
      await rm(file(key), { force: true });
      await rm(`${file(key)}.type`, { force: true });
    },
    async read(key) {
      const target = file(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) throw new AppError('not-found');
      const contentType = await readFile(`${target}.type`, 'utf8').catch(() => 'application/octet-stream');
      return { stream: createReadStream(target), size: info.size, contentType };
    },
    signedUrl(key, ttlSeconds = SIGNED_URL_SECONDS) {
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      const q = new URLSearchParams({ path: key, expires: String(expires), signature: sign(key, expires) });
      return `${publicBase}/api/v1/storage/object?${q}`;
    },
    verify(key, expires, signature) {
      if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
      const want = Buffer.from(sign(key, expires));
      const got = Buffer.from(signature);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}
