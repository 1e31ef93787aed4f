import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import WaitingSpreadSequencer from './scripts/vitest-sequencer.mjs';

/**
 * Unit (pure, no I/O), integration (buildApp against a real PostgreSQL started once per run) and
 * e2e (the built app in real Chromium), in one run.
 *
 * Speed, measured on 2 cores (docs/architecture.md, Tests): unit and integration files share one
 * module cache per worker (isolate: false) instead of importing the whole server afresh for every
 * file, at least two at a time (Vitest's default is one worker per core less one: a single worker
 * on 2 cores, idle while a test waits on ffmpeg or a timer). A file that mocks a module needs a
 * module cache of its own, so those run in the "isolated" project. The e2e files follow against the
 * one server, each in its own Chromium: first those that start no camera and no server of their own,
 * two at a time ("e2e"), then those that do, one at a time ("e2e-serial"). Files that mostly wait on
 * timers ("waiting") run beside unit and integration.
 */
const UNIT = ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'];
const INTEGRATION = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const WORKERS = Math.max(2, availableParallelism() - 1);
const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Test files that call vi.mock or vi.doMock: with a shared module cache they would get the real module. */
function filesMockingModules(dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else if (entry.name.endsWith('.test.ts') && /\bvi\.(do)?mock\(/i.test(readFileSync(file, 'utf8'))) {
        found.push(path.relative(ROOT, file));
      }
    }
  };
  for (const dir of dirs) walk(path.join(ROOT, dir));
  return found;
}
const MOCKING = filesMockingModules(['packages', 'apps/web/src', 'apps/server/src', 'apps/server/test']);

/**
 * E2e specs that start cameras (each an ffmpeg encoding a test pattern with libx264, or an RTSP test
 * camera) or servers of their own. Two files at once on 2 cores, one of them such a file (tried), left
 * the other's full-page screenshots and theme switches past their budgets; so these run one at a time,
 * after the others have run two at a time. Found by what the file calls (or a fixture of its that starts cameras: useAiPagesWorld), so a new spec lands right.
 */
const STARTS_CAMERAS_OR_SERVERS =
  /\b(addCamera|startRtspServer|startServer|startOnvifDevice|useAiPagesWorld)\(|'\/api\/v1\/cameras'/;
function e2eFilesStartingCameras(): string[] {
  return readdirSync(path.join(ROOT, 'e2e'))
    .filter((name) => name.endsWith('.e2e.ts'))
    .filter((name) => STARTS_CAMERAS_OR_SERVERS.test(readFileSync(path.join(ROOT, 'e2e', name), 'utf8')))
    .map((name) => `e2e/${name}`);
}
/**
 * Files that mostly wait on timers — a database fault held for a minute, two minutes of a test
 * pattern recording, a process killed and restarted — in a project of their own, longest first.
 * They share the first group's workers: scripts/vitest-sequencer.mjs spreads them through the
 * integration files, so each sleeps on one worker while the other goes on. (Alone after every other
 * group they were the run's ~340 s tail; a second vitest process beside the rest was tried and taken
 * back: it overlapped them with the camera e2e files, and RTSP and talk-back tests failed together.)
 * The e2e ones among them test Vigil processes of their own and open no page.
 */
const OWN_PROCESSES = ['e2e/db-outage.e2e.ts', 'e2e/lifecycle.e2e.ts', 'e2e/stop-order.e2e.ts', 'e2e/restart.e2e.ts'];
const WAITING = ['e2e/db-outage.e2e.ts', 'apps/server/src/video/quiet-test-pattern.test.ts', ...OWN_PROCESSES.slice(1)];
const E2E_SERIAL = e2eFilesStartingCameras().filter((f) => !OWN_PROCESSES.includes(f));

/**
 * Tests that drive real processes — ffmpeg, an RTSP camera, PostgreSQL, Chromium — on a loaded
 * 2-core machine get one retry. A test that needed it is named at the end of every run
 * (scripts/vitest-times.mjs, "flaky:") with its first failure, so a flake is seen and chased,
 * never hidden; a test that fails twice fails the run. Unit tests get none: they are pure.
 */
const RETRY = 1;

const integration = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  retry: RETRY,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  maxWorkers: WORKERS,
};

/** Both e2e projects test the one server their shared globalSetup starts once per run. */
const e2e = {
  globalSetup: ['e2e/global-setup.ts'],
  retry: RETRY,
  // After each file: cameras its accounts left running are stopped (see the file).
  setupFiles: ['e2e/fixtures/cleanup.ts'],
  testTimeout: 90_000,
  hookTimeout: 120_000,
  // A page on a busy 2-core machine can take seconds: a poll's 1 s default flakes, not fails truly.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  test: {
    sequence: { sequencer: WaitingSpreadSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT,
          exclude: MOCKING,
          environment: 'node',
          isolate: false,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'integration',
          include: INTEGRATION,
          exclude: ['apps/server/src/**/*.unit.test.ts', ...MOCKING, ...WAITING],
          isolate: false,
          ...integration,
        },
      },
      ...(MOCKING.length === 0
        ? []
        : [{ test: { name: 'isolated', include: MOCKING, environment: 'node', isolate: true, ...integration } }]),
      {
        test: {
          name: 'waiting',
          include: WAITING,
          // The integration files among them use its PostgreSQL (the same globalSetup starts it once).
          ...integration,
          testTimeout: e2e.testTimeout,
          hookTimeout: e2e.hookTimeout,
          expect: e2e.expect,
          // The first group's width: a project's files join a group only at its width.
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          exclude: [...E2E_SERIAL, ...OWN_PROCESSES],
          ...e2e,
          // Pages, screenshots and theme switches without cameras: two files at a time hold their budgets.
          maxWorkers: 2,
          // After unit and integration, which run at their own width.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e-serial',
          include: E2E_SERIAL,
          ...e2e,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
