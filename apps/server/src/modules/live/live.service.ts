import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '@vigil/db';
import { AppError, RetryLaterError } from '../../lib/app-error.ts';
import { type CameraScope, SCOPE_CHANGED_TOPIC } from '../../lib/camera-scope.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { type RealtimeHub, revokes } from '../../lib/realtime.ts';
import type { LiveFeed } from '../../video/live-feed.ts';
import type { FeedDirectory } from './remote-feeds.ts';
import type { Actor, CamerasService } from '../cameras/cameras.module.ts';
import { audit } from '../audit/audit.module.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import type { Renditions } from '../../video/rendition.ts';
import { LiveHls } from './live-hls.ts';
import { OpusFeed } from './live-opus.ts';
import { needsRendition } from './renditions.ts';
import { currentGop, snapshotJpeg } from './live-snapshot.ts';
import type { WebRtcOptions, WebRtcSession } from './webrtc-session.ts';

/** A WebSocket ticket only opens the socket; once open, the stream lives as long as the socket. */
const TICKET_SECONDS = 60;
/** HLS players re-fetch the playlist for as long as they play, so its URL lives longer. */
const HLS_TICKET_SECONDS = 3600;
/** Per person: a 16-tile wall in a few tabs, not an unbounded number of peer connections. */
const MAX_WEBRTC_PER_USER = 64;
/** How long an offer waits for a camera that is still connecting (ffmpeg start + RTSP probe). */
const FIRST_STREAM_WAIT_MS = 8000;
/** A snapshot (for drawing motion zones) waits less: a remote feed's first init, not a cold start. */
const SNAPSHOT_STREAM_WAIT_MS = 3000;
/** Snapshots cost a decode each: a few in a row (reopening the editor), then a trickle. */
const SNAPSHOT_BURST = 6;
const SNAPSHOTS_PER_MINUTE = 12;
const NO_PICTURE = 'The camera is not sending video right now.';

export type LiveService = ReturnType<typeof createLiveService>;
export interface Viewer extends Actor {
  uid: string;
  /** The viewer's session (its token hash): what they open closes when it ends. */
  sessionId: string;
}

/** Who a signed ticket was issued to (and the workspace their session works in, looked up again at each use). */
export interface TicketHolder {
  uid: string;
  sessionId: string;
  workspaceId: string;
}

/**
 * Live view over three transports, all fed by the camera's one LiveFeed: WebRTC (signalled
 * by one POST), fragmented MP4 over WebSocket (MSE) and live HLS. The browser's WebSocket and
 * media element cannot send headers, so a signed-in caller first asks for short-lived signed
 * ticket URLs, bound to their session: every HLS fetch and socket open looks the session and the
 * account up again, so a ticket dies with a sign-out, a password change or a disabled account.
 * Everything a session watches is closed at once when it is revoked.
 */
export function createLiveService(deps: {
  /** For the audit log: every live view opened (a ticket or a WebRTC answer) is recorded. */
  db: Db;
  cameras: CamerasService;
  /** The camera's feed, recorded here or by another process (remote-feeds.ts). */
  feeds: FeedDirectory;
  /** H.264 renditions for viewers whose browser cannot decode the camera's codec (renditions.ts). */
  renditions?: Renditions;
  /** The camera's substream, which a rendition reads rather than the main stream when there is one. */
  substreamUrl?: (cameraId: string) => Promise<string | undefined>;
  secret: string;
  hub?: RealtimeHub;
  webrtc?: WebRtcOptions;
  /**
   * The live session with this token hash (not expired, account enabled, still a member), as auth
   * resolves it, with the cameras it may reach now (null = every camera).
   */
  sessionByHash: (tokenHash: string) => Promise<{ uid: string; workspaceId: string; cameraIds: CameraScope } | null>;
  /** ffmpeg for snapshots (found on first use when not given). */
  ffmpegPath?: string;
}) {
  const { cameras, feeds, secret } = deps;
  const sign = (cameraId: string, holder: Pick<TicketHolder, 'uid' | 'sessionId'>, expires: number) =>
    createHmac('sha256', secret)
      .update(`live\n${cameraId}\n${holder.uid}\n${holder.sessionId}\n${expires}`)
      .digest('base64url');
  // uid → what each of their sessions has open.
  const watching = new Map<string, Set<{ sessionId: string; workspaceId: string; close: () => void }>>();
  const sessions = new Map<string, { session: WebRtcSession; viewer: Viewer; cameraId: string }>();
  const hls = new WeakMap<LiveFeed, LiveHls>();
  // One Opus encoder per camera feed, whoever watches it over WebRTC.
  const opus = new WeakMap<LiveFeed, OpusFeed>();
  const opusOf = (feed: LiveFeed) => {
    const o = opus.get(feed) ?? new OpusFeed(feed, deps.ffmpegPath);
    opus.set(feed, o);
    return o;
  };
  const snapshots = createRateLimiter({ burst: SNAPSHOT_BURST, perMinute: SNAPSHOTS_PER_MINUTE });

  deps.hub?.subscribe((e) => {
    if (!e.uid) return;
    if (e.topic === 'session.revoked')
      for (const w of [...(watching.get(e.uid) ?? [])]) if (revokes(e, e.uid, w.sessionId)) w.close();
    // Their role or cameras changed in a workspace: what they watch there ends; reopening it is
    // checked against the new scope.
    if (e.topic === SCOPE_CHANGED_TOPIC)
      for (const w of [...(watching.get(e.uid) ?? [])]) if (w.workspaceId === e.workspaceId) w.close();
  });

  /** The camera's feed once it has a stream, waiting up to `ms` for the recorder to start it. */
  async function streaming(cameraId: string, ms: number): Promise<LiveFeed | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      const feed = await feeds.find(cameraId);
      if (feed?.initSegment) return feed;
      if (Date.now() >= deadline) return undefined;
      // Waiting for a recorder to claim and start the camera: a lookup per round, not a busy loop.
      await new Promise((r) => setTimeout(r, feed ? 50 : 250));
    }
  }

  /** The feed as H.264: the camera's own when it is, its shared rendition otherwise. */
  async function asH264(cameraId: string, feed: LiveFeed): Promise<LiveFeed> {
    if (!deps.renditions || !needsRendition(feed)) return feed;
    const { substreamUrl } = deps;
    return deps.renditions.feed(cameraId, feed, substreamUrl && (() => substreamUrl(cameraId)));
  }

  function signedQuery(cameraId: string, holder: TicketHolder, seconds: number) {
    const expires = Math.floor(Date.now() / 1000) + seconds;
    return new URLSearchParams({
      uid: holder.uid,
      sid: holder.sessionId,
      expires: String(expires),
      signature: sign(cameraId, holder, expires),
    });
  }

  /** A live view opened, in the audit log: the ticket (WebSocket or HLS) or the WebRTC answer. */
  const opened = (camera: { id: string; name: string }, transport: 'ticket' | 'webrtc') =>
    audit.record(deps.db, {
      action: 'live.opened',
      targetType: 'camera',
      targetId: camera.id,
      details: { name: camera.name, transport },
    });

  return {
    /** Throws not-found for another workspace's camera. */
    async ticket(viewer: Viewer, cameraId: string) {
      const camera = await cameras.get(viewer, cameraId);
      await opened(camera, 'ticket');
      const q = signedQuery(cameraId, viewer, TICKET_SECONDS);
      const h = signedQuery(cameraId, viewer, HLS_TICKET_SECONDS);
      return {
        url: `/api/v1/cameras/${cameraId}/live.mp4ws?${q}`,
        hlsUrl: `/api/v1/cameras/${cameraId}/live/index.m3u8?${h}`,
        expiresAt: new Date(Number(q.get('expires')) * 1000).toISOString(),
      };
    },

    /**
     * Who may watch through this signed query: the signature must hold, and its session must still
     * be live, its account enabled, still in the camera's workspace and the camera still within its
     * camera scope (looked up on every call: a ticket issued before the scope shrank opens nothing).
     */
    async verify(
      cameraId: string,
      q: { uid?: string; sid?: string; expires?: string; signature?: string },
    ): Promise<TicketHolder | undefined> {
      const expires = Number(q.expires);
      if (!q.uid || !q.sid || !q.signature || !Number.isFinite(expires) || expires < Date.now() / 1000)
        return undefined;
      const signed = { uid: q.uid, sessionId: q.sid };
      const want = Buffer.from(sign(cameraId, signed, expires));
      const got = Buffer.from(q.signature);
      if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
      const session = await deps.sessionByHash(signed.sessionId);
      if (!session || session.uid !== signed.uid) return undefined;
      const actor = { workspaceId: session.workspaceId, cameraIds: session.cameraIds };
      return (await this.mayWatch(actor, cameraId)) ? { ...signed, workspaceId: session.workspaceId } : undefined;
    },

    /** A signed-in session may open the streams directly (same-origin cookie) for a camera it may reach. */
    async mayWatch(actor: Actor, cameraId: string): Promise<boolean> {
      return cameras.get(actor, cameraId).then(
        () => true,
        () => false,
      );
    },

    /**
     * The feed a viewer watches: the camera's own, or with `rendition` (their browser does not
     * decode the camera's codec) the camera's H.264 rendition, shared with every viewer who needs
     * it. Throws live/transcode-limit when that would be one software transcode too many.
     */
    async feed(cameraId: string, rendition = false): Promise<LiveFeed | undefined> {
      if (!rendition) return feeds.find(cameraId);
      // Whether the camera needs converting is known from its stream: wait for it to start.
      const feed = await streaming(cameraId, FIRST_STREAM_WAIT_MS);
      return feed && asH264(cameraId, feed);
    },

    /** Registers something a session watches; it is closed when that session is revoked. */
    track(holder: TicketHolder, close: () => void): () => void {
      const set = watching.get(holder.uid) ?? new Set();
      watching.set(holder.uid, set);
      const entry = { sessionId: holder.sessionId, workspaceId: holder.workspaceId, close };
      set.add(entry);
      return () => {
        set.delete(entry);
        if (!set.size) watching.delete(holder.uid);
      };
    },

    async hls(cameraId: string, rendition = false): Promise<LiveHls | undefined> {
      const feed = await this.feed(cameraId, rendition);
      if (!feed) return undefined;
      const h = hls.get(feed) ?? new LiveHls(feed);
      hls.set(feed, h);
      return h;
    },

    /** Answers a browser's WebRTC offer for a camera of the viewer's workspace, within their scope. */
    async webrtcAnswer(viewer: Viewer, cameraId: string, offer: string): Promise<{ sessionId: string; sdp: string }> {
      const camera = await cameras.get(viewer, cameraId);
      // A camera saved a moment ago is still connecting: wait for its stream rather than
      // send the browser into a retry loop.
      const source = camera.enabled ? await streaming(cameraId, FIRST_STREAM_WAIT_MS) : undefined;
      if (!source) throw new AppError('unavailable', 'Camera is offline.');
      // WebRTC carries H.264 here (werift packetizes H.264 only): an H.265 camera goes as its rendition.
      const feed = await asH264(cameraId, source);
      if ((watching.get(viewer.uid)?.size ?? 0) >= MAX_WEBRTC_PER_USER) throw new AppError('resource-exhausted');
      let untrack = () => {};
      // WebRTC's code (werift, ~0.4 s to load) comes with the first live view, not at start.
      const { WebRtcSession, answerOrRefuse } = await import('./webrtc-session.ts');
      const session = new WebRtcSession(
        feed,
        deps.webrtc ?? {},
        (s) => {
          sessions.delete(s.id);
          untrack();
        },
        opusOf(feed),
      );
      sessions.set(session.id, { session, viewer, cameraId });
      untrack = this.track(viewer, () => void session.close());
      const sdp = await answerOrRefuse(session, offer);
      // No live view goes unrecorded: one the log cannot hold is closed again.
      await opened(camera, 'webrtc').catch(async (e) => {
        await session.close();
        throw e;
      });
      return { sessionId: session.id, sdp };
    },

    /**
     * A JPEG of the camera's current picture (to draw motion masks and zones on), decoded from the
     * live feed's current GOP: no extra connection to the camera. Not-found for another workspace's
     * camera, unavailable when the camera sends no video.
     */
    async snapshot(viewer: Viewer, cameraId: string): Promise<Buffer> {
      const camera = await cameras.get(viewer, cameraId);
      const feed = camera.enabled ? await streaming(cameraId, SNAPSHOT_STREAM_WAIT_MS) : undefined;
      const mp4 = feed && (await currentGop(feed));
      if (!mp4) throw new AppError('unavailable', NO_PICTURE);
      const wait = snapshots.take(viewer.uid);
      if (wait) throw new RetryLaterError('resource-exhausted', wait, 'Too many snapshots at once. Please slow down.');
      const jpeg = await snapshotJpeg(deps.ffmpegPath ?? ffmpegTools().ffmpeg.path, mp4);
      if (!jpeg) throw new AppError('unavailable', NO_PICTURE);
      return jpeg;
    },

    /** The browser hangs up (closing the peer connection is also noticed by ICE, later). */
    async webrtcHangUp(viewer: Viewer, cameraId: string, sessionId: string): Promise<void> {
      const s = sessions.get(sessionId);
      if (!s || s.cameraId !== cameraId || s.viewer.workspaceId !== viewer.workspaceId) throw new AppError('not-found');
      await s.session.close();
    },

    async stop(): Promise<void> {
      await Promise.all([...sessions.values()].map((s) => s.session.close()));
    },
  };
}
