import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
});

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
  storageDir: string;
  webDir?: string;
  support: { email?: string; phone?: string };
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
  const parsed = env.safeParse(blank);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${detail}`);
  }
  const e = parsed.data;
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
    webDir: e.VIGIL_WEB_DIR,
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
  };
}
