// A recorder in its own Node process, so a test can kill -9 it (recorder.test.ts).
import { createRecorder } from '../src/video/recorder.ts';

const env = process.env;
const recorder = createRecorder({
  allowLoopbackTargets: true,
  databaseUrl: env.DATABASE_URL!,
  mediaRoot: env.MEDIA_ROOT!,
  authSecret: env.AUTH_SECRET!,
  segmentSeconds: Number(env.SEGMENT_SECONDS ?? 2),
  log: (m) => console.error(m),
});
await recorder.start();
console.log('RECORDER_READY');
process.on('SIGTERM', () => {
  void recorder.stop().then(() => process.exit(0));
});
