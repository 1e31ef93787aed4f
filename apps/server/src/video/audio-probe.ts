import { execFile } from 'node:child_process';
import { PROTOCOLS, withCredentials } from './ffmpeg-args.ts';

/**
 * What sound an RTSP camera sends, asked once (the answer is kept on the camera row): ffmpeg
 * copies AAC but must convert G.711 and Opus, and one ffmpeg cannot decide that per codec by
 * itself. The RTSP DESCRIBE's SDP names the codec and its rate, so a probe that reads almost no media
 * is enough (0.2 s against a local camera).
 */
export interface CameraAudio {
  /** ffprobe's name (aac, pcm_mulaw, pcm_alaw, opus…), or 'none'. */
  codec: string;
  sampleRate: number | null;
}

const PROBE_TIMEOUT_MS = 6000;

export function audioProbeArgs(url: string, rtspTimeoutOption: '-timeout' | '-stimeout'): string[] {
  return [
    ...['-v', 'error', '-protocol_whitelist', PROTOCOLS.rtsp, '-rtsp_transport', 'tcp'],
    ...[rtspTimeoutOption, '5000000', '-analyzeduration', '0', '-probesize', '32'],
    ...['-select_streams', 'a:0', '-show_entries', 'stream=codec_name,sample_rate', '-of', 'json', url],
  ];
}

/** Reads ffprobe's answer; undefined when it is not one (then the camera is asked again next start). */
export function parseAudioProbe(stdout: string): CameraAudio | undefined {
  try {
    const streams = (JSON.parse(stdout) as { streams?: { codec_name?: string; sample_rate?: string }[] }).streams;
    if (!streams) return undefined;
    const a = streams[0];
    if (!a?.codec_name) return { codec: 'none', sampleRate: null };
    return { codec: a.codec_name, sampleRate: Number(a.sample_rate) || null };
  } catch {
    return undefined;
  }
}

/** Never throws: a camera that cannot be asked now is undefined. */
export function probeCameraAudio(
  ffprobe: string,
  source: { url: string; username?: string | null; password?: string | null },
  rtspTimeoutOption: '-timeout' | '-stimeout' = '-timeout',
): Promise<CameraAudio | undefined> {
  const url = withCredentials(source.url, source.username, source.password);
  return new Promise((resolve) => {
    execFile(
      ffprobe,
      audioProbeArgs(url, rtspTimeoutOption),
      { timeout: PROBE_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 64_000 },
      (err, stdout) => resolve(err ? undefined : parseAudioProbe(stdout)),
    );
  });
}
