import { execFile, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Which ffmpeg and ffprobe Vigil runs (docs/decisions/0003). The system's own when they are on
 * PATH (a distribution's build is the one its owner keeps current); otherwise the static builds
 * that npm installed for this platform (@ffmpeg-installer/<platform>, @ffprobe-installer/<platform>),
 * so `npm ci && npm start` needs nothing but Node.js.
 *
 * The packaged ffmpeg is a 2018 build: its RTSP demuxer still calls the socket timeout `-stimeout`
 * (`-timeout` there means "listen for an incoming connection"), so that one option is asked of the
 * binary itself rather than assumed.
 */
export interface FfmpegTool {
  path: string;
  origin: 'system' | 'bundled';
  /** The first line of `-version`. */
  version: string;
  /** The RTSP input option for a socket I/O timeout in microseconds. */
  rtspTimeoutOption: '-timeout' | '-stimeout';
  /**
   * Whether its HTTP client takes `-max_redirects` (ffmpeg 5+). With it, an MJPEG source may not
   * redirect ffmpeg to an address the outbound policy refused; the 2018 bundled build lacks it.
   */
  httpMaxRedirects: boolean;
}

export interface FfmpegTools {
  ffmpeg: FfmpegTool;
  ffprobe: FfmpegTool;
}

function onPath(name: string, envPath: string | undefined): string | undefined {
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

function bundled(name: 'ffmpeg' | 'ffprobe'): string | undefined {
  const pkg = `@${name}-installer/${process.platform}-${process.arch}`;
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
    const file = path.join(dir, process.platform === 'win32' ? `${name}.exe` : name);
    accessSync(file, constants.X_OK);
    return file;
  } catch {
    return undefined;
  }
}

/** What a tool is asked: its version, its RTSP demuxer's and its HTTP protocol's options. */
const QUESTIONS = [['-version'], ['-hide_banner', '-h', 'demuxer=rtsp'], ['-hide_banner', '-h', 'protocol=http']];

function describeFrom(file: string, origin: FfmpegTool['origin'], [version, rtsp, http]: string[]): FfmpegTool {
  return {
    path: file,
    origin,
    version: (version ?? '').split('\n')[0]!.trim(),
    rtspTimeoutOption: /-stimeout\b/.test(rtsp ?? '') ? '-stimeout' : '-timeout',
    httpMaxRedirects: /-max_redirects\b/.test(http ?? ''),
  };
}

function describe(file: string, origin: FfmpegTool['origin']): FfmpegTool {
  const answers = QUESTIONS.map((args) => {
    const r = spawnSync(file, args, { encoding: 'utf8', timeout: 10_000 });
    return `${r.stdout ?? ''}${args[0] === '-version' ? '' : (r.stderr ?? '')}`;
  });
  return describeFrom(file, origin, answers);
}

/** describe without blocking: the three questions at once (each run of ffmpeg is ~0.1 s of loading). */
async function describeAsync(file: string, origin: FfmpegTool['origin']): Promise<FfmpegTool> {
  const answers = await Promise.all(
    QUESTIONS.map(
      (args) =>
        new Promise<string>((resolve) =>
          execFile(file, args, { encoding: 'utf8', timeout: 10_000 }, (_e, stdout, stderr) =>
            resolve(`${stdout ?? ''}${args[0] === '-version' ? '' : (stderr ?? '')}`),
          ),
        ),
    ),
  );
  return describeFrom(file, origin, answers);
}

export class FfmpegMissingError extends Error {}

/** Where a tool is (system first, then bundled); throws FfmpegMissingError naming what is missing. */
function locate(name: 'ffmpeg' | 'ffprobe', env: NodeJS.ProcessEnv): { file: string; origin: FfmpegTool['origin'] } {
  const system = onPath(name, env.PATH);
  if (system) return { file: system, origin: 'system' };
  const packaged = bundled(name);
  if (packaged) return { file: packaged, origin: 'bundled' };
  throw new FfmpegMissingError(
    `${name} was not found on PATH and no @${name}-installer package matches ${process.platform}-${process.arch}: install ${name}, or run npm ci again`,
  );
}

/** Finds both tools (system first, then bundled); throws FfmpegMissingError naming what is missing. */
export function findFfmpegTools(env: NodeJS.ProcessEnv = process.env): FfmpegTools {
  const find = (name: 'ffmpeg' | 'ffprobe') => {
    const { file, origin } = locate(name, env);
    return describe(file, origin);
  };
  return { ffmpeg: find('ffmpeg'), ffprobe: find('ffprobe') };
}

/** The same file as when it was described: same inode, size and modification time. */
const identityOf = (file: string) => {
  const s = statSync(file);
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}`;
};

/**
 * findFfmpegTools for a process's start: the answers of the last start are kept in `cacheFile`
 * (under the data folder) and used again while each binary is the same file, so a warm restart
 * runs no ffmpeg at all (the six runs took ~0.9 s of a start, in a row); otherwise the questions are
 * asked at once and without blocking, while the database starts. Sets what ffmpegTools() answers.
 */
export async function prepareFfmpegTools(
  cacheFile: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<FfmpegTools> {
  let kept: Record<string, { identity: string; tool: FfmpegTool }> = {};
  try {
    kept = JSON.parse(readFileSync(cacheFile, 'utf8'));
  } catch {}
  let changed = false;
  const find = async (name: 'ffmpeg' | 'ffprobe') => {
    const { file, origin } = locate(name, env);
    const identity = identityOf(file);
    const known = kept[name];
    if (known?.identity === identity && known.tool.path === file && known.tool.origin === origin) return known.tool;
    const tool = await describeAsync(file, origin);
    kept[name] = { identity, tool };
    changed = true;
    return tool;
  };
  const [ffmpeg, ffprobe] = await Promise.all([find('ffmpeg'), find('ffprobe')]);
  if (changed) {
    try {
      writeFileSync(cacheFile, JSON.stringify(kept));
    } catch {}
  }
  cached = { ffmpeg, ffprobe };
  return cached;
}

let cached: FfmpegTools | undefined;

/** The tools this process uses, found once (already, when the start prepared them). */
export function ffmpegTools(): FfmpegTools {
  cached ??= findFfmpegTools();
  return cached;
}
