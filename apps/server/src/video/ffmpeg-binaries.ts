import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
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

function describe(file: string, origin: FfmpegTool['origin']): FfmpegTool {
  const version = spawnSync(file, ['-version'], { encoding: 'utf8', timeout: 10_000 }).stdout?.split('\n')[0] ?? '';
  const rtsp = spawnSync(file, ['-hide_banner', '-h', 'demuxer=rtsp'], { encoding: 'utf8', timeout: 10_000 });
  const help = `${rtsp.stdout ?? ''}${rtsp.stderr ?? ''}`;
  const http = spawnSync(file, ['-hide_banner', '-h', 'protocol=http'], { encoding: 'utf8', timeout: 10_000 });
  return {
    path: file,
    origin,
    version: version.trim(),
    rtspTimeoutOption: /-stimeout\b/.test(help) ? '-stimeout' : '-timeout',
    httpMaxRedirects: /-max_redirects\b/.test(`${http.stdout ?? ''}${http.stderr ?? ''}`),
  };
}

export class FfmpegMissingError extends Error {}

/** Finds both tools (system first, then bundled); throws FfmpegMissingError naming what is missing. */
export function findFfmpegTools(env: NodeJS.ProcessEnv = process.env): FfmpegTools {
  const find = (name: 'ffmpeg' | 'ffprobe') => {
    const system = onPath(name, env.PATH);
    if (system) return describe(system, 'system');
    const packaged = bundled(name);
    if (packaged) return describe(packaged, 'bundled');
    throw new FfmpegMissingError(
      `${name} was not found on PATH and no @${name}-installer package matches ${process.platform}-${process.arch}: install ${name}, or run npm ci again`,
    );
  };
  return { ffmpeg: find('ffmpeg'), ffprobe: find('ffprobe') };
}

let cached: FfmpegTools | undefined;

/** The tools this process uses, found once. */
export function ffmpegTools(): FfmpegTools {
  cached ??= findFfmpegTools();
  return cached;
}
