import type { Db } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import { checkTarget, type OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import { audit } from '../audit/audit.module.ts';
import type { CamerasService } from '../cameras/cameras.module.ts';
import { streamColumns } from './live.repo.ts';
import type { LiveService, Viewer } from './live.service.ts';
import { Backchannel, BackchannelError, type BackchannelTarget } from './talkback-rtsp.ts';
import type { TalkbackSession } from './talkback-session.ts';
import type { WebRtcOptions } from './webrtc-session.ts';

export type Talkback = ReturnType<typeof createTalkback>;

/**
 * Talk-back through the cameras that have a loudspeaker (their ONVIF backchannel): one person at a
 * time per camera (a camera takes one backchannel client, and two voices at once help nobody).
 * The camera is connected to before the browser is answered, so a camera that refuses is a clear
 * error on pressing the button rather than a silent microphone.
 */
export function createTalkback(deps: {
  db: Db;
  cameras: CamerasService;
  secrets: SecretBox;
  policy: OutboundPolicy;
  webrtc?: WebRtcOptions;
  /** Its register of what each session has open: a talk ends when its session is revoked. */
  live: Pick<LiveService, 'track'>;
  ffmpegPath?: string;
  log?: (message: string) => void;
}) {
  const byCamera = new Map<string, { session: TalkbackSession; viewer: Viewer }>();
  const starting = new Set<string>();

  /** Where the camera's backchannel is asked for: its main stream's address and credentials. */
  async function targetOf(cameraId: string): Promise<BackchannelTarget> {
    const row = await streamColumns(deps.db, cameraId);
    if (row?.sourceType !== 'rtsp' || !row.sourceUrl) throw noLoudspeaker();
    const checked = await checkTarget(row.sourceUrl, deps.policy);
    return {
      url: checked.pinnedUrl,
      username: row.sourceUsername,
      password: row.sourcePasswordEnc ? deps.secrets.open(row.sourcePasswordEnc) : null,
    };
  }

  async function connect(cameraId: string): Promise<Backchannel> {
    try {
      return await Backchannel.open(await targetOf(cameraId));
    } catch (e) {
      if (!(e instanceof BackchannelError)) throw e;
      if (e.reason === 'unauthorized') throw new AppError('onvif/wrong-credentials');
      if (e.reason === 'no-backchannel') throw noLoudspeaker();
      if (e.reason === 'unreachable') throw new AppError('onvif/unreachable');
      throw new AppError('aborted', 'The camera refused to open its loudspeaker. It may be in use by another app.');
    }
  }

  return {
    async start(viewer: Viewer, cameraId: string, offer: string): Promise<{ sessionId: string; sdp: string }> {
      const camera = await deps.cameras.get(viewer, cameraId);
      if (!camera.onvif?.audioBackchannel) throw noLoudspeaker();
      if (byCamera.has(cameraId) || starting.has(cameraId))
        throw new AppError('aborted', 'Someone is already talking through this camera.');
      starting.add(cameraId);
      try {
        const backchannel = await connect(cameraId);
        let untrack = () => {};
        // WebRTC's code (werift) comes with the first live view or talk, not at start.
        const [{ TalkbackSession }, { answerOrRefuse }] = await Promise.all([
          import('./talkback-session.ts'),
          import('./webrtc-session.ts'),
        ]);
        const session = new TalkbackSession(
          deps.webrtc ?? {},
          backchannel,
          deps.ffmpegPath ?? ffmpegTools().ffmpeg.path,
          (s) => {
            if (byCamera.get(cameraId)?.session === s) byCamera.delete(cameraId);
            untrack();
          },
          deps.log,
        );
        byCamera.set(cameraId, { session, viewer });
        untrack = deps.live.track(viewer, () => void session.close());
        const sdp = await answerOrRefuse(session, offer);
        // Nobody talks through a camera unrecorded: one the log cannot hold is hung up again.
        await audit
          .record(deps.db, {
            action: 'live.talkback',
            targetType: 'camera',
            targetId: camera.id,
            details: { name: camera.name },
          })
          .catch(async (e) => {
            await session.close();
            throw e;
          });
        return { sessionId: session.id, sdp };
      } finally {
        starting.delete(cameraId);
      }
    },

    /** The person let go: the camera is hung up at once. */
    async stop(viewer: Viewer, cameraId: string, sessionId: string): Promise<void> {
      const s = byCamera.get(cameraId);
      if (!s || s.session.id !== sessionId || s.viewer.workspaceId !== viewer.workspaceId)
        throw new AppError('not-found');
      await s.session.close();
    },

    /** Who is talking through a camera now (tests and the close on shutdown). */
    session(cameraId: string): TalkbackSession | undefined {
      return byCamera.get(cameraId)?.session;
    },

    async close(): Promise<void> {
      await Promise.all([...byCamera.values()].map((s) => s.session.close()));
    },
  };
}

const noLoudspeaker = () => new AppError('failed-precondition', 'This camera has no loudspeaker to talk through.');
