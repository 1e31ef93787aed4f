import type { Config } from '../config.ts';
import { type S3Storage, type Storage, createLocalStorage } from './storage.ts';

/**
 * The configured storage: an S3-compatible bucket when S3_BUCKET is set, else the data dir.
 * The AWS SDK is loaded only then: it costs a few hundred ms of start-up that local installs skip.
 */
export async function openStorage(
  config: Pick<Config, 'storageDir' | 'authSecret' | 's3'>,
  log: (msg: string) => void,
): Promise<Storage> {
  if (!config.s3) return createLocalStorage(config.storageDir, config.authSecret);
  const { createS3Storage } = await import('./storage-s3.ts');
  return createS3Storage(config.s3, log);
}

/** The bucket footage goes to (the recorder uploads closed segments there), or none without S3. */
export async function openFootageStorage(
  config: Pick<Config, 's3'>,
  log: (msg: string) => void,
): Promise<S3Storage | undefined> {
  if (!config.s3) return undefined;
  const { createS3Storage } = await import('./storage-s3.ts');
  return createS3Storage(config.s3, log);
}

/** The bucket of an opened storage, when it is one (where 's3' segments are read from). */
export const bucketOf = (storage: Storage): S3Storage | undefined => (storage.driver === 's3' ? storage : undefined);
