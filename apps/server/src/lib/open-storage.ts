import type { Config } from '../config.ts';
import { type Storage, createLocalStorage } from './storage.ts';

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
