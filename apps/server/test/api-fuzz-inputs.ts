import { ERROR_MESSAGES } from '@vigil/shared';
import type { LightMyRequestResponse } from 'fastify';

/** The API fuzzer's inputs (api-fuzz.test.ts): what it skips, the hostile values, and how it judges an answer. */

/**
 * Routes that stream or wait for a camera by design (live media, server-sent events, the live
 * snapshot and the AI analysis of it: 503 `unavailable` while no recorder runs the camera, as here):
 * their own tests cover them.
 */
export const SKIP = [/\/realtime$/, /\/live\//, /\/live\.mp4ws$/, /\/webrtc/, /\/snapshot$/, /\/ai\/analyze$/];
/** Requests that would end the fuzzing sessions themselves. */
export const SESSION_ENDERS = [/\/auth\/sign-out$/, /\/auth\/password$/];

export const STRINGS = [
  '',
  ' ',
  'a'.repeat(5000),
  '\u0000',
  'x\u0000y',
  '\ud800',
  '\udfff tail',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  'constructor',
  '__proto__',
  '9999-12-31',
  '0000-00-00',
  '-1',
  '1e309',
  'NaN',
  '😀'.repeat(50),
  'line\r\nInjected: 1',
  'rtsp://user:pass@169.254.169.254/x',
  'http://[::1]:1/',
  '{"$ne":null}',
];
const NUMBERS = [-1, 0, 1.5, 2 ** 53, 1e308, -1e308];
const ODD: unknown[] = [
  null,
  true,
  [],
  {},
  [null],
  JSON.parse('{"__proto__":{"polluted":1}}'),
  { constructor: { prototype: {} } },
];

/** A small seeded PRNG: the same run every time, so a failure reproduces. */
export function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  required?: string[];
};

/** A plausible value for a schema, so mutations start from something near-valid. */
export function sample(schema: Schema | undefined, ids: { camera: string }, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return sample(variant, ids, depth + 1);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sample(v, ids, depth + 1);
      return out;
    }
    case 'array':
      return [sample(schema.items, ids, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return 'x';
  }
}

/** Hostile variants of a value of a schema's type. */
export function mutationsOf(schema: Schema | undefined): unknown[] {
  const type = schema?.type;
  if (type === 'integer' || type === 'number') return [...NUMBERS, '1', ...ODD.slice(0, 3)];
  if (type === 'boolean') return ['true', 0, null, []];
  if (type === 'object' || type === 'array') return [...ODD, 'x', 5, Array.from({ length: 500 }, () => ({}))];
  return [...STRINGS, 5, null, ['a'], { a: 1 }];
}

const CATALOGUE = new Set(Object.keys(ERROR_MESSAGES));

/** encodeURIComponent, except that a lone UTF-16 half goes out as the bytes a sloppy client would send. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

export function withQuery(url: string, query?: Record<string, string>): string {
  const pairs = Object.entries(query ?? {}).map(([k, v]) => `${encode(k)}=${encode(v)}`);
  return pairs.length ? `${url}?${pairs.join('&')}` : url;
}

/** What is wrong with a response, or null. */
export function judge(res: LightMyRequestResponse, callable: boolean): string | null {
  if (res.statusCode >= 500) return `${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} without a JSON body: ${res.body.slice(0, 120)}`;
  }
  const error = (body as { error?: Record<string, unknown> })?.error;
  if (!error || typeof error.message !== 'string')
    return `${res.statusCode} outside the error shape: ${res.body.slice(0, 200)}`;
  const code = callable ? (error.details as { code?: unknown } | undefined)?.code : error.code;
  if (typeof code !== 'string' || !CATALOGUE.has(code))
    return `${res.statusCode} with a code outside the catalogue: ${res.body.slice(0, 200)}`;
  return null;
}
