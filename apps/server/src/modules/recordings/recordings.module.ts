import path from 'node:path';
import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { bucketOf } from '../../lib/open-storage.ts';
import { createRetention, pruneWorkspace } from '../../video/retention.ts';
import { recordingsRoutes } from './recordings.routes.ts';
import { createRecordingsService } from './recordings.service.ts';

/**
 * Recorded footage. Serve: playback, the timeline, thumbnails. Work: retention — a sweep over
 * every workspace each minute (and once at start, for a process restarted after a long stop), and
 * the prompt prune of one workspace a recorder asks for when a new segment puts it over its plan.
 */
export const recordingsModule = defineModule({
  name: 'recordings',
  auditActions: ['recording.protected', 'recording.unprotected', 'recording.deleted'],
  serve: {
    topics: [TOPICS.recordings],
    register: (app, { db, media, config }) =>
      recordingsRoutes(app, {
        recordings: createRecordingsService({ db, media, cacheDir: path.join(config.dataDir, 'cache') }),
        media,
      }),
  },
  work: {
    crontab: ['* * * * * retention-sweep ?max=1&jobKey=retention-sweep'],
    kickoff: ['retention-sweep'],
    start: ({ db, config, storage, log }) => {
      const footage = bucketOf(storage);
      const retention = createRetention({ db, mediaRoot: config.mediaDir, footage, log, intervalMs: 0 });
      let stopped: Promise<void> | undefined;
      return {
        tasks: {
          'retention-sweep': () => retention.runAll(),
          'retention-workspace': async (p) => {
            await pruneWorkspace(db, p.workspaceId, { mediaRoot: config.mediaDir, footage, log, days: false });
          },
        },
        // A sweep in progress ends at its next workspace rather than holding the shutdown.
        onStopping: () => {
          stopped = retention.stop();
        },
        stop: async () => {
          await stopped;
        },
      };
    },
  },
});
