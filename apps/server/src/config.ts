import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import path from 'node:path';
import { DISK_GUARD_DEFAULTS, type DiskGuardSettings } from '@vigil/shared';
import { z } from 'zod';
import type { S3Settings } from './lib/storage-s3.ts';

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  VIGIL_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Vigil <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SUPPORT_EMAIL: z.string().optional(),
  SUPPORT_PHONE: z.string().optional(),
  /** Serve the built web app from this folder (apps/web/dist by default). */
  VIGIL_WEB_DIR: z.string().optional(),
  /** Extra ICE host addresses for WebRTC live view (comma-separated), e.g. the public IP behind NAT. */
  WEBRTC_ADDRESSES: z.string().optional(),
  /** STUN servers (comma-separated "stun:host:port") so WebRTC finds its public address behind NAT. */
  WEBRTC_STUN_URLS: z.string().optional(),
  /** UDP ports WebRTC may use, "50000-50199", so a firewall can open just those. */
  WEBRTC_PORT_RANGE: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'expected "min-max", e.g. 50000-50199')
    .optional(),
  /** Setting a bucket switches storage (photos, files, exports) from the data dir to S3. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (true, a hop count, or addresses). */
  TRUST_PROXY: z.string().optional(),
  /** Let tenants point cameras, webhooks and providers at loopback/this server (single-box restreams, tests). */
  ALLOW_LOOPBACK_TARGETS: z.enum(['true', 'false', '1', '0']).optional(),
  /** What this process does: serve (API + web app), record (cameras), work (the job queue). All three by default. */
  VIGIL_ROLES: z.string().optional(),
  /** How other Vigil processes reach this one (live feeds of the cameras it records); http://HOST:PORT by default. */
  INTERNAL_URL: z.string().url().optional(),
  /** Where recorders write footage (a folder every process can read when there is no S3); <data dir>/media by default. */
  MEDIA_DIR: z.string().optional(),
  /** The disk guard keeps the smaller of this percent of the media filesystem and DISK_GUARD_MAX_GB free (Admin › Settings overrides). */
  DISK_GUARD_PERCENT: z.coerce.number().min(0.5).max(50).default(DISK_GUARD_DEFAULTS.percent),
  DISK_GUARD_MAX_GB: z.coerce.number().min(0.1).max(10_000).default(DISK_GUARD_DEFAULTS.maxGb),
  /** Bearer token /metrics asks for; without it /metrics answers only on loopback. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Web push VAPID keys (URL-safe base64); without them the keys are generated once into <data dir>/vapid.json. */
  VAPID_PUBLIC_KEY: z.string().min(80).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).optional(),
  /** Who push services contact about this sender: a mailto: or https: URL; MAIL_FROM's address by default. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'expected a mailto: or https:// URL')
    .optional(),
  /** Where the Twilio SDK sends its API calls (tests point it at a local stand-in). */
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /** The VMS dashboard's map tiles, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; unset = no map, no tile fetched. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL template with {z}, {x} and {y}')
    .optional(),
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  /** ONVIF discovery's multicast probe on the server's network (on by default; the tests turn it off). */
  ONVIF_DISCOVERY_MULTICAST: z.enum(['true', 'false', '1', '0']).optional(),
  /** Addresses (host[:port]) every ONVIF discovery also probes by unicast: devices beyond a router. */
  ONVIF_DISCOVERY_TARGETS: z.string().optional(),
  /**
   * Software H.264 renditions (for browsers that cannot decode a camera's H.265) this process runs
   * at once; half the cores by default (one 1080p transcode takes about a core). GPU encoders are not counted.
   */
  VIGIL_MAX_SOFTWARE_TRANSCODES: z.coerce.number().int().min(0).max(1000).optional(),
  /** Benchmarks only (bench/disk-guard.mjs): recorders without their disk guard; refused in production. */
  DISK_GUARD_DISABLED: z.enum(['true', 'false', '1', '0']).optional(),
  /** Benchmarks only (bench/audit.mjs): the same writes without their audit entries; refused in production. */
  AUDIT_DISABLED: z.enum(['true', 'false', '1', '0']).optional(),
});

/** Every setting Vigil reads from the environment (compose.yaml is checked against it). */
export const SETTINGS = Object.keys(env.shape);

export const ROLES = ['serve', 'record', 'work'] as const;
export type Role = (typeof ROLES)[number];

const S3_KEYS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** Settings a production installation (NODE_ENV=production with DATABASE_URL) cannot run without. */
export const PRODUCTION_REQUIRED = ['DATABASE_URL', 'AUTH_SECRET', 'PUBLIC_URL', 'SMTP_URL'] as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Undefined means: start the embedded PostgreSQL under dataDir. */
  databaseUrl?: string;
  authSecret: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  /** Local storage root, used when `s3` is unset. */
  storageDir: string;
  /** S3-compatible storage instead of storageDir (S3_BUCKET set). */
  s3?: S3Settings;
  webDir?: string;
  support: { email?: string; phone?: string };
  webrtc: {
    additionalHostAddresses?: string[];
    onlyAddress?: string;
    portRange?: [number, number];
    stunUrls?: string[];
  };
  /** Fastify's trustProxy: false unless TRUST_PROXY is set (true, a hop count, or a list of addresses). */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Outbound address policy: loopback and this server's own addresses allowed as targets. */
  allowLoopbackTargets: boolean;
  /** VIGIL_ROLES: what this process runs. */
  roles: ReadonlySet<Role>;
  /** How other processes reach this one (no trailing slash). */
  internalUrl: string;
  /** Footage folder (recorders write it; with S3 it is only the upload buffer). */
  mediaDir: string;
  /** The disk guard's threshold until an administrator saves one (DISK_GUARD_PERCENT, DISK_GUARD_MAX_GB). */
  diskGuard: DiskGuardSettings;
  /** VIGIL_MAX_SOFTWARE_TRANSCODES: live renditions encoded in software at once. */
  maxSoftwareTranscodes: number;
  /** DISK_GUARD_DISABLED: recorders run without the guard (a benchmark's baseline; never production). */
  diskGuardDisabled: boolean;
  metricsToken?: string;
  /** Web push: keys from the environment (both or neither), and the contact push services see. */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** The origin Twilio API calls go to (https://api.twilio.com unless TWILIO_API_URL says otherwise). */
  twilioApiUrl: string;
  /** The origin Stripe API calls go to (https://api.stripe.com unless STRIPE_API_URL says otherwise: tests, a proxy). */
  stripeApiUrl: string;
  /** ONVIF discovery: the multicast probe, and unicast targets always probed. */
  onvifDiscovery: { multicast: boolean; targets: string[] };
  /** MAP_TILE_URL: the template the VMS dashboard's map loads tiles from; null = no map. */
  mapTileUrl: string | null;
  /** AUDIT_DISABLED: audited writes skip their entries (benchmarks measure the cost; never production). */
  auditDisabled: boolean;
}

/** "serve,record" → the set; anything else than the three names is a configuration error. */
export function parseRoles(v: string | undefined): ReadonlySet<Role> {
  const names = list(v) ?? [];
  if (!names.length) return new Set(ROLES);
  const wrong = names.filter((n) => !(ROLES as readonly string[]).includes(n));
  if (wrong.length)
    throw new ConfigError(
      `Invalid configuration: VIGIL_ROLES: unknown role ${wrong.join(', ')} (use ${ROLES.join(', ')})`,
    );
  return new Set(names as Role[]);
}

const list = (v: string | undefined) =>
  v
    ?.split(',')
    .map((a) => a.trim())
    .filter(Boolean);

/** A server bound to loopback is only reachable from this machine: offer WebRTC candidates there only. */
function loopbackOnly(host: string): string | undefined {
  if (host === 'localhost' || /^127\./.test(host)) return host === 'localhost' ? '127.0.0.1' : host;
  return undefined;
}

export class ConfigError extends Error {}

/** Secrets the embedded default generates once and keeps under the data directory. */
function embeddedSecrets(dataDir: string): { authSecret: string; pgPassword: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const secrets = { authSecret: randomBytes(32).toString('hex'), pgPassword: randomBytes(18).toString('hex') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function embeddedPgPassword(dataDir: string): string {
  return embeddedSecrets(dataDir).pgPassword;
}

/** Reads and checks settings; throws ConfigError with a readable message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const blank = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const production = blank.NODE_ENV === 'production' && Boolean(blank.DATABASE_URL);
  if (production) {
    const missing = PRODUCTION_REQUIRED.filter((k) => !blank[k]);
    if (missing.length) throw new ConfigError(`Missing required configuration: ${missing.join(', ')}`);
  }
  if (blank.NODE_ENV === 'production') refusePlaceholderSecrets(blank);
  const parsed = env.safeParse(blank);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  const s3 = s3Settings(e);
  const dataDir = path.resolve(e.VIGIL_DATA_DIR);
  const authSecret = e.AUTH_SECRET ?? embeddedSecrets(dataDir).authSecret;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // Per-request logs only while developing; a production log holds warnings and errors.
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'development' ? 'info' : 'warn'),
    storageDir: path.join(dataDir, 'storage'),
    s3,
    webDir: e.VIGIL_WEB_DIR,
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
    webrtc: {
      additionalHostAddresses: list(e.WEBRTC_ADDRESSES),
      onlyAddress: loopbackOnly(e.HOST),
      portRange: e.WEBRTC_PORT_RANGE?.split('-').map(Number) as [number, number] | undefined,
      stunUrls: list(e.WEBRTC_STUN_URLS),
    },
    trustProxy: trustProxy(e.TRUST_PROXY),
    allowLoopbackTargets: ['true', '1'].includes(e.ALLOW_LOOPBACK_TARGETS ?? ''),
    roles: parseRoles(e.VIGIL_ROLES),
    internalUrl: (e.INTERNAL_URL ?? `http://${internalHost(e.HOST)}:${e.PORT}`).replace(/\/$/, ''),
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    diskGuard: { percent: e.DISK_GUARD_PERCENT, maxGb: e.DISK_GUARD_MAX_GB },
    maxSoftwareTranscodes: e.VIGIL_MAX_SOFTWARE_TRANSCODES ?? Math.max(1, Math.floor(availableParallelism() / 2)),
    diskGuardDisabled: benchmarkSwitch(e, 'DISK_GUARD_DISABLED'),
    metricsToken: e.METRICS_TOKEN,
    vapid: vapidSettings(e),
    twilioApiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
    stripeApiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
    auditDisabled: benchmarkSwitch(e, 'AUDIT_DISABLED'),
    onvifDiscovery: {
      multicast: !['false', '0'].includes(e.ONVIF_DISCOVERY_MULTICAST ?? ''),
      targets: list(e.ONVIF_DISCOVERY_TARGETS) ?? [],
    },
    mapTileUrl: e.MAP_TILE_URL ?? null,
  };
}

/**
 * A secret copied from an example (compose files, docs, blog posts) is public: with it anyone can
 * sign download links or scrape metrics. Production refuses the obvious ones — placeholder words,
 * or too few distinct characters to be random — rather than start with a known key.
 */
const PLACEHOLDER =
  /change[-_ ]?me|replace[-_ ]?me|placeholder|example|your[-_ ]?(own[-_ ]?)?(secret|token)|secret[-_]?here/i;
const PLACEHOLDER_CHECKED = ['AUTH_SECRET', 'METRICS_TOKEN'] as const;

export function placeholderSecret(value: string): boolean {
  return PLACEHOLDER.test(value) || new Set(value).size < 10;
}

function refusePlaceholderSecrets(blank: Record<string, string | undefined>): void {
  const weak = PLACEHOLDER_CHECKED.filter((k) => blank[k] && placeholderSecret(blank[k]));
  if (weak.length)
    throw new ConfigError(
      `Invalid configuration: ${weak.join(', ')} ${weak.length > 1 ? 'look' : 'looks'} like a placeholder; ` +
        `generate a random value, e.g. node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"`,
    );
}

/** The audit log is never off in production: AUDIT_DISABLED exists to measure its cost. */
/** A switch that turns a safeguard off to measure it: refused in production. */
function benchmarkSwitch(e: z.infer<typeof env>, key: 'AUDIT_DISABLED' | 'DISK_GUARD_DISABLED'): boolean {
  const off = ['true', '1'].includes(e[key] ?? '');
  if (off && e.NODE_ENV === 'production')
    throw new ConfigError(`Invalid configuration: ${key} is for benchmarks and is refused in production`);
  return off;
}

function vapidSettings(e: z.infer<typeof env>): Config['vapid'] {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError('Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: vapidSubject(e) };
}

/** Push services want a way to reach the sender: the mail address, else an https PUBLIC_URL. */
function vapidSubject(e: z.infer<typeof env>): string {
  if (e.VAPID_SUBJECT) return e.VAPID_SUBJECT;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(e.MAIL_FROM)?.[1] ?? /^\s*(\S+@\S+)\s*$/.exec(e.MAIL_FROM)?.[1];
  if (address) return `mailto:${address}`;
  if (e.PUBLIC_URL?.startsWith('https://')) return e.PUBLIC_URL;
  return 'mailto:no-reply@localhost';
}

/** A process bound to every interface is reached by its host name; one bound to an address, there. */
function internalHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return hostname();
  return host.includes(':') ? `[${host}]` : host;
}

function trustProxy(v: string | undefined): Config['trustProxy'] {
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return list(v) ?? false;
}

function s3Settings(e: z.infer<typeof env>): S3Settings | undefined {
  if (!e.S3_BUCKET) {
    const stray = S3_KEYS.filter((k) => e[k] !== undefined);
    if (stray.length) throw new ConfigError(`Invalid configuration: S3_BUCKET is required with ${stray.join(', ')}`);
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // A custom endpoint is usually a self-hosted store, where bucket sub-domains do not resolve.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? ['true', '1'].includes(e.S3_FORCE_PATH_STYLE) : Boolean(e.S3_ENDPOINT),
  };
}
