import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SIGNED_URL_SECONDS } from '@vigil/shared';
import { AppError } from './app-error.ts';

export interface SignedUrlOptions {
  /** How long the URL works (SIGNED_URL_SECONDS by default). */
  ttlSeconds?: number;
  /** Download as an attachment under this file name (exports); otherwise as stored. */
  filename?: string;
}

/**
 * Spec §7 storage: upload to a path, delete, short-lived signed download URLs. Local disk by
 * default (createLocalStorage), an S3-compatible bucket when configured (lib/storage-s3.ts);
 * lib/open-storage.ts picks one from the config. Failures are AppErrors: not-found for a
 * missing object, unavailable when the store cannot be reached or refuses us.
 */
interface StorageCommon {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a finished local file under `key`, streamed (never whole in memory); the file is gone afterwards. */
  moveFile(key: string, file: string, contentType: string, signal?: AbortSignal): Promise<void>;
  delete(key: string): Promise<void>;
  stat(key: string): Promise<{ size: number; contentType: string }>;
  read(key: string): Promise<{ stream: Readable; size: number; contentType: string }>;
  signedUrl(key: string, opts?: SignedUrlOptions): Promise<string>;
  close(): Promise<void>;
}

/** Local disk: signed URLs point at our own /api/v1/storage/object, which checks them with `verify`. */
export interface LocalStorage extends StorageCommon {
  readonly driver: 'local';
  verify(key: string, expires: number, signature: string, filename?: string): boolean;
  /** The absolute file of a key (for byte-range responses). */
  file(key: string): string;
}

/** S3-compatible: signed URLs are presigned GETs on the bucket's endpoint; we never serve the bytes. */
export interface S3Storage extends StorageCommon {
  readonly driver: 's3';
  /** Uploads a local file under `key` and leaves it in place (the recorder deletes it once indexed). */
  putFile(key: string, file: string, contentType: string, signal?: AbortSignal): Promise<void>;
  /** Presigned GETs of many keys at once (a day's playlist): one credentials read, no SDK round per key. */
  signedUrls(keys: readonly string[], ttlSeconds?: number): Promise<string[]>;
}

export type Storage = LocalStorage | S3Storage;

export const LOCAL_OBJECT_PATH = '/api/v1/storage/object';

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;
/** Local storage keeps an object's content type in `<file>.type`: no key may be named like one. */
const RESERVED_SUFFIX = '.type';

export function assertSafeKey(key: string): void {
  const parts = key.split('/');
  if (key.length > 300 || !SAFE_KEY.test(key) || parts.some((p) => p === '..' || p === '.')) {
    throw new AppError('invalid-argument', 'Invalid request parameters.', { path: 'not a valid storage path' });
  }
  if (parts.some((p) => p.endsWith(RESERVED_SUFFIX))) {
    throw new AppError('invalid-argument', 'Invalid request parameters.', {
      path: `names ending in "${RESERVED_SUFFIX}" are reserved`,
    });
  }
}

/** A path that is a file where a folder is needed, or a folder where a file is needed. */
function clash(e: unknown): AppError | undefined {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR' || code === 'ERR_FS_EISDIR')
    return new AppError('already-exists', 'A file or folder already exists at that path.');
  return undefined;
}

/** `attachment` with an ASCII fallback name and the exact one in RFC 5987 form. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function createLocalStorage(root: string, secret: string, publicBase = ''): LocalStorage {
  // A download name is signed too, so a link cannot be re-labelled; without one the input is
  // what it always was, so URLs signed before names existed still verify.
  const sign = (key: string, expires: number, filename?: string) =>
    createHmac('sha256', secret)
      .update(filename === undefined ? `${key}\n${expires}` : `${key}\n${expires}\n${filename}`)
      .digest('base64url');
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  // Temp files live apart from every key (a key never starts with a dot) and are named uniquely,
  // so concurrent writers never share one, and no temp name can be mistaken for an object.
  const tmpDir = path.join(root, '.tmp');
  const tmpFile = async () => {
    await mkdir(tmpDir, { recursive: true });
    return path.join(tmpDir, randomUUID());
  };
  const typeOf = (target: string) => readFile(`${target}.type`, 'utf8').catch(() => 'application/octet-stream');
  async function found(key: string) {
    const target = file(key);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) throw new AppError('not-found');
    return { target, size: info.size, contentType: await typeOf(target) };
  }
  // Writes of one key take turns in this process, so the type beside a file is always the type its
  // writer meant (two renames are not one atomic step). Writers in several processes go through
  // the database first (the owner lock, see storage.service) or use S3, where a PUT is atomic.
  const turns = new Map<string, Promise<unknown>>();
  async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = turns.get(key) ?? Promise.resolve();
    const mine = before.then(work, work);
    const settled = mine.catch(() => {});
    turns.set(key, settled);
    try {
      return await mine;
    } finally {
      if (turns.get(key) === settled) turns.delete(key);
    }
  }
  /** Moves a finished temp file and its type into place: the type first, so no reader sees new bytes with an old type. */
  async function place(target: string, tmp: string, contentType: string) {
    const typeTmp = await tmpFile();
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(typeTmp, contentType);
      await rename(typeTmp, `${target}.type`);
      await rename(tmp, target);
    } catch (e) {
      await Promise.all([rm(tmp, { force: true }), rm(typeTmp, { force: true })]);
      throw clash(e) ?? e;
    }
  }
  return {
    driver: 'local',
    file,
    async put(key, data, contentType) {
      const target = file(key);
      await inTurn(key, async () => {
        const tmp = await tmpFile();
        await writeFile(tmp, data);
        await place(target, tmp, contentType);
      });
    },
    async moveFile(key, source, contentType) {
      const target = file(key);
      await inTurn(key, async () => {
        const tmp = await tmpFile();
        try {
          await rename(source, tmp);
        } catch (e) {
          // The data directory may span file systems: copy into our temp folder instead.
          if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
          await copyFile(source, tmp);
          await rm(source, { force: true });
        }
        await place(target, tmp, contentType);
      });
    },
    async delete(key) {
      const target = file(key);
      await inTurn(key, async () => {
        // A folder is not an object: deleting "a" never removes what lies under "a/".
        if ((await stat(target).catch(() => null))?.isDirectory()) throw new AppError('not-found');
        await rm(target, { force: true });
        await rm(`${target}.type`, { force: true });
      });
    },
    async stat(key) {
      const { size, contentType } = await found(key);
      return { size, contentType };
    },
    async read(key) {
      const { target, size, contentType } = await found(key);
      return { stream: createReadStream(target), size, contentType };
    },
    async signedUrl(key, opts = {}) {
      const expires = Math.floor(Date.now() / 1000) + (opts.ttlSeconds ?? SIGNED_URL_SECONDS);
      const q = new URLSearchParams({ path: key, expires: String(expires) });
      if (opts.filename !== undefined) q.set('name', opts.filename);
      q.set('signature', sign(key, expires, opts.filename));
      return `${publicBase}${LOCAL_OBJECT_PATH}?${q}`;
    },
    verify(key, expires, signature, filename) {
      if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
      const want = Buffer.from(sign(key, expires, filename));
      const got = Buffer.from(signature);
      return want.length === got.length && timingSafeEqual(want, got);
    },
    async close() {},
  };
}
