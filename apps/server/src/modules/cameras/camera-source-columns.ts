import type { schema } from '@vigil/db';
import type { CameraSourceInput } from '@vigil/shared';
import type { SecretBox } from '../../lib/secrets.ts';
import { type CameraRow, splitCredentials, withCredentials } from './camera-view.ts';

/** A camera's stream settings as columns: credentials out of URLs, passwords sealed (never returned by the API). */
type NewCamera = typeof schema.cameras.$inferInsert;
type SourceColumns = Pick<NewCamera, 'sourceType' | 'sourceUrl' | 'sourceUsername' | 'sourcePasswordEnc'>;

/**
 * Input source → columns. Credentials written into the URL move out of it; an explicit
 * username/password wins over them. `keep` is the stored row on PATCH: an omitted password
 * keeps the sealed one (the form never shows it), an empty one removes it.
 */
export function columnsOfSource(secrets: SecretBox, src: CameraSourceInput, keep?: CameraRow): SourceColumns {
  if (src.type === 'test-pattern')
    return { sourceType: src.type, sourceUrl: null, sourceUsername: null, sourcePasswordEnc: null };
  const split = splitCredentials(src.url);
  // RTSP and MJPEG alike: a camera switched between them keeps no credentials of the other kind.
  const sameKind = keep?.sourceType === src.type;
  const username = src.username ?? split.username ?? (sameKind ? keep.sourceUsername : null);
  const password = src.password ?? split.password;
  const sealed =
    password !== undefined
      ? password === ''
        ? null
        : secrets.seal(password)
      : sameKind
        ? (keep.sourcePasswordEnc ?? null)
        : null;
  return { sourceType: src.type, sourceUrl: split.url, sourceUsername: username || null, sourcePasswordEnc: sealed };
}

/** The substream's password leaves its URL and is sealed, as the main stream's is. */
export function columnsOfSubstream(
  secrets: SecretBox,
  url: string,
): Pick<NewCamera, 'substreamUrl' | 'substreamPasswordEnc'> {
  const split = splitCredentials(url);
  return {
    substreamUrl: withCredentials(split.url, split.username ?? null, null),
    substreamPasswordEnc: split.password ? secrets.seal(split.password) : null,
  };
}

/**
 * A new camera's detection, quiet until someone asks: the test pattern moves all the time, so
 * with motion events on it would raise an alert (and mail the owner and managers) every few
 * seconds while someone only tries the product. Its motion events start off; a real camera's
 * follow the workspace's default (Schedules); AI detection starts off for every camera.
 */
export function quietUntilAsked(src: CameraSourceInput, motionAlerts = true): Pick<NewCamera, 'motion' | 'ai'> {
  if (src.type === 'test-pattern') return { motion: { enabled: false }, ai: { enabled: false } };
  return motionAlerts ? {} : { motion: { enabled: false } };
}
