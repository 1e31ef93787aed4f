import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

/** The VAPID identity this installation signs web pushes with (RFC 8292). */
export interface Vapid {
  /** URL-safe base64 of the uncompressed P-256 point: what browsers subscribe with. */
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact given to push services. */
  subject: string;
}

const FILE = 'vapid.json';

/**
 * Keys from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; otherwise generated on the first start and
 * kept in `<dataDir>/vapid.json`. A subscription only accepts pushes signed by the key it was made
 * with, so the keys must never change behind the browsers' back: the file is created with the
 * exclusive flag, so of two processes starting on one data folder the second reads the first's keys
 * instead of writing its own.
 */
export function loadVapid(config: Pick<Config, 'dataDir' | 'vapid'>): Vapid {
  const { publicKey, privateKey, subject } = config.vapid;
  if (publicKey && privateKey)
    return { ...checked({ publicKey, privateKey }, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY'), subject };
  const file = path.join(config.dataDir, FILE);
  mkdirSync(config.dataDir, { recursive: true });
  const fresh = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, JSON.stringify(fresh), { flag: 'wx', mode: 0o600 });
    return { ...fresh, subject };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return { ...readKeys(file), subject };
}

function readKeys(file: string): { publicKey: string; privateKey: string } {
  // The other process may have created the file an instant ago and not written it yet.
  for (let i = 0; ; i++) {
    const text = readFileSync(file, 'utf8');
    if (text.trim()) {
      const keys = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
      return checked(keys, file);
    }
    if (i >= 50) throw new Error(`${file} is empty: delete it to generate new web push keys`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}

/** A P-256 key pair in URL-safe base64: a 65-byte uncompressed public point, a 32-byte private scalar. */
function checked(keys: { publicKey?: unknown; privateKey?: unknown }, where: string) {
  const bytes = (v: unknown) => (typeof v === 'string' ? Buffer.from(v, 'base64url').length : -1);
  if (bytes(keys.publicKey) !== 65 || bytes(keys.privateKey) !== 32)
    throw new Error(`${where}: not a web push (P-256) key pair; generate one with npx web-push generate-vapid-keys`);
  return { publicKey: keys.publicKey as string, privateKey: keys.privateKey as string };
}
