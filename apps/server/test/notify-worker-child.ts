// A work process's notification tasks in their own Node process, so a test can kill -9 it mid-send
// (modules/notifications/never-twice.test.ts).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { createDb } from '@vigil/db';
import { createSecretBox } from '../src/lib/secrets.ts';
import { startJobWorker } from '../src/modules/jobs/job-worker.service.ts';
import { createNotifier } from '../src/modules/notifications/notifier.ts';
import { NOOP_TASKS } from './job-helpers.ts';

const env = process.env;
const { db } = createDb(env.DATABASE_URL!, 2);
const notifier = createNotifier({
  db,
  secrets: createSecretBox(env.AUTH_SECRET!),
  policy: { allowLoopback: true },
  publicUrl: env.PUBLIC_URL!,
  authSecret: env.AUTH_SECRET!,
});
const id = randomUUID();
await startJobWorker({
  databaseUrl: env.DATABASE_URL!,
  db,
  node: { id, roles: ['work'], internalUrl: `test://${id}`, hostname: hostname(), pid: process.pid },
  tasks: { ...NOOP_TASKS, ...notifier.tasks },
  log: (m) => console.error(m),
  pollIntervalMs: 100,
});
console.log('WORKER_READY');
