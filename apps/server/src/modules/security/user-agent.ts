import type { ClientInfo, DeviceType } from '@vigil/shared';
import Bowser from 'bowser';

const TYPES = new Set<string>(['desktop', 'mobile', 'tablet', 'tv', 'bot']);
/** Parsed agents by their text: a person's few sessions repeat the same handful. */
const cache = new Map<string, ClientInfo>();

/** "126.0.0.0" → "126": the major version is what a person recognises. */
const major = (version: string | undefined) => version?.split('.')[0] ?? '';
const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null;

/** Device type, OS and browser from a User-Agent header (bowser, MIT); unknown parts are null. */
export function parseUserAgent(ua: string | null | undefined): ClientInfo {
  if (!ua) return { deviceType: 'unknown', os: null, browser: null };
  const hit = cache.get(ua);
  if (hit) return hit;
  const p = Bowser.parse(ua.slice(0, 512));
  const type = p.platform.type ?? '';
  const info: ClientInfo = {
    deviceType: (TYPES.has(type) ? type : 'unknown') as DeviceType,
    os: join(p.os.name, p.os.versionName ?? p.os.version),
    browser: join(p.browser.name, major(p.browser.version)),
  };
  if (cache.size < 500) cache.set(ua, info);
  return info;
}
