import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RtspServer, startRtspServer } from '../../../../e2e/fixtures/rtsp-server.ts';
import { cameraRow, ffmpegPidsFor, segmentRows, useTestRecorder, waitFor } from '../../test/recorder-helpers.ts';
import { concatList, ffmpegArgs as exportArgs } from '../modules/exports/exports-job.service.ts';
import { readAudioInfo } from './audio-info.ts';
import { summarizeFragmentedMp4 } from './mp4-fragments.ts';

/**
 * The camera's sound recorded with its picture, against real GStreamer cameras sending a 440 Hz
 * tone: AAC (copied), G.711 µ-law and Opus (converted to AAC), and an AAC camera whose "Record
 * sound" is off. 2 s segments; the export is the export job's own ffmpeg command over the recorded files.
 */
const rig = useTestRecorder();

type Stream = { codec_type: string; codec_name: string; sample_rate?: string };
const streamsOf = (file: string): Stream[] =>
  JSON.parse(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,sample_rate', '-of', 'json', file],
      {
        encoding: 'utf8',
      },
    ),
  ).streams;

describe('recording sound', () => {
  let aac: RtspServer;
  let pcmu: RtspServer;
  let opus: RtspServer;
  beforeAll(async () => {
    [aac, pcmu, opus] = await Promise.all([
      startRtspServer({ audio: 'aac' }),
      startRtspServer({ audio: 'pcmu' }),
      startRtspServer({ audio: 'opus' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([aac?.stop(), pcmu?.stop(), opus?.stop()]);
  });

  async function recorded(cameraId: string) {
    const rows = await waitFor(
      async () => {
        const r = await segmentRows(rig.db, cameraId);
        return r.length >= 2 ? r : null;
      },
      20_000,
      'two indexed segments',
    );
    return rows.map((r) => path.join(rig.mediaRoot, r.path));
  }

  it('Opus is converted to AAC too', async () => {
    const cam = await rig.addCamera({ sourceUrl: opus.url });
    const [file] = await recorded(cam.id);
    expect(await cameraRow(rig.db, cam.id)).toMatchObject({ audioCodec: 'opus', audioSampleRate: 48000 });
    expect(
      streamsOf(file!)
        .map((s) => `${s.codec_type}:${s.codec_name}`)
        .sort(),
    ).toEqual(['audio:aac', 'video:h264']);
  });

  it('AAC is copied, G.711 converted to AAC; segments keep the picture’s length; the export carries both', async () => {
    const [copied, converted, silent] = await Promise.all([
      rig.addCamera({ sourceUrl: aac.url }),
      rig.addCamera({ sourceUrl: pcmu.url }),
      rig.addCamera({ sourceUrl: aac.url, recordSound: false }),
    ]);
    const [copiedFiles, convertedFiles, silentFiles] = await Promise.all([
      recorded(copied.id),
      recorded(converted.id),
      recorded(silent.id),
    ]);

    // The recorder asked each camera once what it sends, and kept the answer.
    expect(await cameraRow(rig.db, copied.id)).toMatchObject({ audioCodec: 'aac', audioSampleRate: 16000 });
    expect(await cameraRow(rig.db, converted.id)).toMatchObject({ audioCodec: 'pcm_mulaw', audioSampleRate: 8000 });
    // Sound off: not even asked.
    expect((await cameraRow(rig.db, silent.id)).audioCodec).toBeNull();

    const cmdline = (cameraId: string) => {
      const [pid] = ffmpegPidsFor(rig.recorder.segmentDirOf(cameraId)!);
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    };
    const codecs = (argv: string[]) => argv.flatMap((a, i) => (a === '-c:a' ? [argv[i + 1]] : []));
    expect(codecs(cmdline(copied.id))).toEqual(['copy', 'copy']);
    // Converted once, for both outputs.
    expect(codecs(cmdline(converted.id))).toEqual(['aac']);
    expect(codecs(cmdline(silent.id))).toEqual([]);

    for (const file of [...copiedFiles, ...convertedFiles]) {
      const streams = streamsOf(file);
      expect(streams.map((s) => s.codec_type).sort(), file).toEqual(['audio', 'video']);
      expect(streams.find((s) => s.codec_type === 'audio')!.codec_name).toBe('aac');
    }
    expect(readAudioInfo(readFileSync(copiedFiles[0]!))).toMatchObject({ codec: 'aac', sampleRate: 16000 });
    expect(readAudioInfo(readFileSync(convertedFiles[0]!))).toMatchObject({ codec: 'aac', sampleRate: 8000 });
    for (const file of silentFiles) expect(streamsOf(file).map((s) => s.codec_type)).toEqual(['video']);

    // The index says what the picture lasts, whatever the sound's last frame does.
    const rows = await segmentRows(rig.db, converted.id);
    for (const row of rows.slice(0, 2)) {
      const real = summarizeFragmentedMp4(readFileSync(path.join(rig.mediaRoot, row.path))).durationSec;
      expect(Math.abs((row.endAt.getTime() - row.startAt.getTime()) / 1000 - real)).toBeLessThan(0.002);
    }

    // The live feed of a camera with sound: an init with both tracks, keyframes still found.
    const feed = rig.recorder.liveFeeds.get(converted.id)!;
    expect(readAudioInfo(feed.initSegment!)?.codec).toBe('aac');
    expect(feed.videoTrack).toBeDefined();

    // The export job's command over two recorded segments: a picture and a sound stream.
    const list = path.join(rig.mediaRoot, 'export-list.txt');
    const segs = rows.slice(0, 2).map((r) => ({
      abs: path.join(rig.mediaRoot, r.path),
      seconds: (r.endAt.getTime() - r.startAt.getTime()) / 1000,
    }));
    writeFileSync(list, concatList(segs));
    const out = path.join(rig.mediaRoot, 'export.mp4');
    execFileSync('ffmpeg', exportArgs(list, out, 0.5, 2));
    const exported = streamsOf(out);
    expect(exported.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
  });
});
