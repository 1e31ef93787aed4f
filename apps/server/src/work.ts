import { hostname } from 'node:os';
import { createDb } from '@vigil/db';
import type { Config } from './config.ts';
import { bucketOf, openStorage } from './lib/open-storage.ts';
import { createEventThumbnailTask } from './modules/events/event-thumbnail.service.ts';
import { createExportTask } from './modules/exports/exports-job.service.ts';
import { ffmpegTools } from './video/ffmpeg-binaries.ts';
import { type JobWorker, startJobWorker } from './modules/jobs/job-worker.service.ts';
import { enqueue } from './modules/jobs/jobs.service.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createBillingJobs } from './modules/billing/billing-jobs.service.ts';
import { createBulkOperationTasks } from './modules/bulk-operations/bulk-operations.module.ts';
import { createCamerasService } from './modules/cameras/cameras.service.ts';
import { createNotifier } from './modules/notifications/notifier.ts';
import { loadVapid } from './modules/notifications/vapid.ts';
import { createMediaStore } from './modules/recordings/media-store.ts';
import { createSecretBox } from './lib/secrets.ts';
import { watchCameras } from './video/camera-watch.ts';
import { createRetention, pruneWorkspace } from './video/retention.ts';

/**
 * The `work` role: every background job Vigil runs, through the queue. Exports (one ffmpeg cut
 * each), motion events' thumbnails, the retention sweep over every workspace (each minute, and once at start) and the prompt
 * prune of one workspace a recorder asks for when a new segment puts it over its plan's limits.
 */
export interface WorkOptions {
  databaseUrl: string;
  config: Pick<
    Config,
    | 'storageDir'
    | 'authSecret'
    | 's3'
    | 'mediaDir'
    | 'internalUrl'
    | 'roles'
    | 'publicUrl'
    | 'allowLoopbackTargets'
    | 'smtpUrl'
    | 'mailFrom'
    | 'dataDir'
    | 'vapid'
    | 'twilioApiUrl'
  >;
  nodeId: string;
  workDir: string;
  log(msg: string): void;
  concurrency?: number;
  /** Test knobs: a dead worker's grace, the idle poll. */
  reapGraceMs?: number;
  pollIntervalMs?: number;
}

export interface Work {
  stop(): Promise<void>;
  healthy(): boolean;
}

/** Each minute (the digest each hour); the job key keeps one queued whatever the number of work processes. */
const CRONTAB =
  '* * * * * retention-sweep ?max=1&jobKey=retention-sweep\n* * * * * camera-watch ?max=1&jobKey=camera-watch\n' +
  '0 * * * * notify-digest ?max=1&jobKey=notify-digest\n' +
  '5 * * * * billing-hourly ?max=1&jobKey=billing-hourly\n15 * * * * storage-sample ?max=1&jobKey=storage-sample\n';

export async function startWork(opts: WorkOptions): Promise<Work> {
  const { db, pool } = createDb(opts.databaseUrl, 4);
  const storage = await openStorage(opts.config, (m) => opts.log(`[exports] ${m}`));
  const footage = bucketOf(storage);
  const media = createMediaStore(opts.config.mediaDir, opts.config.authSecret, footage);
  const thumbnails = createEventThumbnailTask({ db, media, storage, ffmpegPath: ffmpegTools().ffmpeg.path });
  const exportTask = createExportTask({
    db,
    media,
    storage,
    workDir: opts.workDir,
    log: (m) => opts.log(`[exports] ${m}`),
  });
  const notifier = createNotifier({
    vapid: loadVapid(opts.config),
    twilioApiUrl: opts.config.twilioApiUrl,
    db,
    mail: createMailService({
      db,
      smtpUrl: opts.config.smtpUrl,
      from: opts.config.mailFrom,
      log: (m) => opts.log(`[mail] ${m}`),
    }),
    storage,
    log: (m) => opts.log(`[notifications] ${m}`),
    secrets: createSecretBox(opts.config.authSecret),
    policy: { allowLoopback: opts.config.allowLoopbackTargets },
    publicUrl: opts.config.publicUrl,
    authSecret: opts.config.authSecret,
  });
  const billing = createBillingJobs({
    db,
    mail: createMailService({
      db,
      smtpUrl: opts.config.smtpUrl,
      from: opts.config.mailFrom,
      log: (m) => opts.log(`[mail] ${m}`),
    }),
    publicUrl: opts.config.publicUrl,
    log: opts.log,
  });
  const secrets = createSecretBox(opts.config.authSecret);
  const policy = { allowLoopback: opts.config.allowLoopbackTargets };
  const bulk = createBulkOperationTasks({
    db,
    cameras: createCamerasService({ db, secrets, policy }),
    log: (m) => opts.log(`[bulk] ${m}`),
  });
  const log = (m: string) => opts.log(`[retention] ${m}`);
  const retention = createRetention({ db, mediaRoot: opts.config.mediaDir, footage, log, intervalMs: 0 });
  let worker: JobWorker;
  try {
    worker = await startJobWorker({
      databaseUrl: opts.databaseUrl,
      db,
      node: {
        id: opts.nodeId,
        roles: [...opts.config.roles],
        internalUrl: opts.config.internalUrl,
        hostname: hostname(),
        pid: process.pid,
      },
      tasks: {
        export: (p, job) => exportTask.run(p.id, job),
        'retention-sweep': () => retention.runAll(),
        'event-thumbnail': async (p) => void (await thumbnails.run(p.eventId)),
        'camera-watch': async () => {
          const n = await watchCameras(db);
          if (n) opts.log(`[cameras] ${n} camera(s) without a running recorder reported offline`);
        },
        ...notifier.tasks,
        ...billing.tasks,
        ...bulk.tasks,
        'retention-workspace': async (p) => {
          await pruneWorkspace(db, p.workspaceId, { mediaRoot: opts.config.mediaDir, footage, log, days: false });
        },
      },
      crontab: CRONTAB,
      concurrency: opts.concurrency,
      onStopping: () => {
        exportTask.stop();
        bulk.stop();
      },
      log: (m) => opts.log(`[jobs] ${m}`),
      reapGraceMs: opts.reapGraceMs,
      pollIntervalMs: opts.pollIntervalMs,
    });
  } catch (e) {
    await notifier.close();
    await storage.close();
    await pool.end();
    throw e;
  }
  // A first sweep now, not at the next minute (a process restarted after a long stop).
  await enqueue(db, 'retention-sweep', {}, { jobKey: 'retention-sweep' });
  // Billing's storage chart has today's point from the first start, not from the next quarter past.
  await enqueue(db, 'storage-sample', {}, { jobKey: 'storage-sample' });
  return {
    async stop() {
      // A sweep in progress ends at its next workspace rather than holding the shutdown.
      const retentionStopped = retention.stop();
      await worker.stop();
      await retentionStopped;
      await notifier.close();
      await storage.close();
      await pool.end();
    },
    healthy: () => worker.healthy(),
  };
}
