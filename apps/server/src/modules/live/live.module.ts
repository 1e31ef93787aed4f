import { holderUrl } from '../../cluster/cluster.repo.ts';
import { defineModule } from '../../kernel/module.ts';
import { internalToken } from '../../lib/internal-token.ts';
import { liveInternalRoutes } from './live-internal.routes.ts';
import { createLiveService, type LiveService } from './live.service.ts';
import { liveRoutes } from './live.routes.ts';
import { createTalkback, type Talkback } from './talkback.service.ts';
import { talkbackRoutes } from './talkback.routes.ts';
import { createFeedDirectory } from './remote-feeds.ts';
import { streamColumns } from './live.repo.ts';
import { startRenditions, substreamUrlOf } from './renditions.ts';

export { SNAPSHOT_WIDTH, currentGop, snapshotJpeg } from './live-snapshot.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    live: LiveService;
    talkback: Talkback;
  }
}

/**
 * Live viewing. Serve: the viewer's transports (fMP4, HLS, WebRTC) and snapshots, for the cameras
 * recorded here from their local feed and any other from the recorder holding its lease; talk-back
 * through the loudspeaker of cameras that have one (talkback.service.ts). A
 * recording process offers its feeds to the others (internal routes, cluster token).
 */
export const liveModule = defineModule({
  name: 'live',
  auditActions: ['live.opened', 'live.talkback'],
  probe: {
    roles: ['record'],
    register: (app, { liveFeeds }) => liveInternalRoutes(app, { feeds: liveFeeds }),
  },
  serve: {
    needs: ['cameras', 'auth'],
    provides: {
      live: ({ db, config, hub, liveFeeds, log, onClose, get, secrets, policy }) => {
        const feeds = createFeedDirectory({
          local: liveFeeds,
          holder: (cameraId) => holderUrl(db, cameraId),
          token: internalToken(config.authSecret),
          log,
        });
        onClose(() => feeds.stop());
        const renditions = startRenditions(config.maxSoftwareTranscodes, log);
        onClose(() => renditions.stop());
        const auth = get('auth');
        const live = createLiveService({
          db,
          cameras: get('cameras'),
          feeds,
          renditions,
          substreamUrl: async (id) => substreamUrlOf(await streamColumns(db, id), { secrets, policy }),
          secret: config.authSecret,
          hub,
          webrtc: config.webrtc,
          sessionByHash: (tokenHash) => auth.sessionByHash(tokenHash),
        });
        onClose(() => live.stop());
        return live;
      },
      talkback: ({ db, config, onClose, get, secrets, policy, log }) => {
        const talkback = createTalkback({
          db,
          log,
          secrets,
          policy,
          webrtc: config.webrtc,
          cameras: get('cameras'),
          live: get('live'),
        });
        onClose(() => talkback.close());
        return talkback;
      },
    },
    register: (app, { get }) => {
      liveRoutes(app, { live: get('live') });
      talkbackRoutes(app, { talkback: get('talkback') });
    },
  },
});
