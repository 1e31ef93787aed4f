import type { Db } from '@vigil/db';
import type { CameraSourceInput, ProbeResult } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type CheckedTarget, type OutboundPolicy, checkTarget } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { type CameraRow, splitCredentials, withCredentials } from './camera-view.ts';
import { type Actor, mustFind } from './camera-rules.service.ts';
import { type ProbeTarget, probe as runProbe } from './probe.ts';
import { failed, failedAs } from './probe-result.ts';

/** Each probe is an ffprobe process; a burst of clicks must not fork without bound. */
const MAX_CONCURRENT_PROBES = 8;

/** The cameras service's connection tests: a source as typed, or a saved camera's. */
export function cameraProbes(deps: { db: Db; secrets: SecretBox; policy: OutboundPolicy; probe?: typeof runProbe }) {
  const { db, secrets, policy } = deps;
  const probeFn = deps.probe ?? runProbe;
  let probing = 0;

  function targetOf(row: CameraRow): ProbeTarget {
    if (row.sourceType === 'test-pattern' || !row.sourceUrl) return { type: 'test-pattern' };
    const password = row.sourcePasswordEnc ? secrets.open(row.sourcePasswordEnc) : null;
    return {
      type: row.sourceType as 'rtsp' | 'mjpeg',
      url: withCredentials(row.sourceUrl, row.sourceUsername, password),
    };
  }

  /** Probes only what the policy allows, connecting to the address it checked. */
  async function limitedProbe(target: ProbeTarget): Promise<ProbeResult> {
    if (target.type === 'test-pattern') return boundedProbe(target);
    let checked: CheckedTarget;
    try {
      checked = await checkTarget(target.url, policy);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const why = Object.values(e.fields ?? {})[0];
      const notFound = /^host not found: (.+)$/.exec(why ?? '');
      if (notFound) return failedAs('camera/host-not-found', notFound[1]);
      return failed(why ? `Invalid URL: ${why}` : e.message);
    }
    return boundedProbe({ type: target.type, url: checked.pinnedUrl, host: new URL(checked.url).host });
  }

  async function boundedProbe(target: ProbeTarget): Promise<ProbeResult> {
    if (probing >= MAX_CONCURRENT_PROBES)
      throw new AppError('unavailable', 'Too many connection tests at once. Please try again.');
    probing += 1;
    try {
      return await probeFn(target);
    } finally {
      probing -= 1;
    }
  }

  return {
    /** "Test connection" before saving: the source exactly as typed. */
    async probeSource(source: CameraSourceInput): Promise<ProbeResult> {
      if (source.type === 'test-pattern') return limitedProbe(source);
      const split = splitCredentials(source.url);
      const username = source.username ?? split.username ?? null;
      const password = source.password ?? split.password ?? null;
      return limitedProbe({ type: source.type, url: withCredentials(split.url, username, password) });
    },

    /** A saved camera, with its stored password opened only for the probe. */
    async probeSaved(actor: Actor, id: string): Promise<ProbeResult> {
      return limitedProbe(targetOf(await mustFind(db, actor, id)));
    },
  };
}
