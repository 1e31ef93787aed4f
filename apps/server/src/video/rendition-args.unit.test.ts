import { describe, expect, it } from 'vitest';
import { candidateEncoders, LIBX264, testEncodeArgs } from './hw-encoders.ts';
import { renditionArgs, substreamInput } from './rendition-args.ts';

const LISTED = `Encoders:
 V....D libx264              libx264 H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10 (codec h264)
 V....D h264_nvenc           NVIDIA NVENC H.264 encoder (codec h264)
 V..... h264_qsv             H.264 (Intel Quick Sync Video acceleration) (codec h264)
 V....D h264_vaapi           H.264/AVC (VAAPI) (codec h264)
`;

describe('rendition encoders and argv', () => {
  it('tries the GPU encoders ffmpeg lists, most capable first, VAAPI once per render node', () => {
    const names = candidateEncoders(LISTED, ['/dev/dri/renderD128', '/dev/dri/renderD129']).map(
      (e) => `${e.name}${e.inputArgs.length ? ` ${e.inputArgs.at(-1)}` : ''}`,
    );
    expect(names).toEqual([
      'h264_nvenc',
      'h264_qsv',
      'h264_vaapi /dev/dri/renderD128',
      'h264_vaapi /dev/dri/renderD129',
    ]);
    // Not listed, not tried; no render node, no VAAPI.
    expect(candidateEncoders(' V....D libx264  libx264 H.264\n', ['/dev/dri/renderD128'])).toEqual([]);
    expect(candidateEncoders(LISTED, []).map((e) => e.name)).toEqual(['h264_nvenc', 'h264_qsv']);
  });

  it('a test encode is a few frames of the very pipeline the rendition runs, to nowhere', () => {
    const [vaapi] = candidateEncoders(LISTED, ['/dev/dri/renderD128']).filter((e) => e.name === 'h264_vaapi');
    const args = testEncodeArgs(vaapi!);
    expect(args.slice(args.indexOf('-vaapi_device'), args.indexOf('-vaapi_device') + 2)).toEqual([
      '-vaapi_device',
      '/dev/dri/renderD128',
    ]);
    expect(args).toContain('format=nv12,hwupload');
    expect(args.slice(-3)).toEqual(['-f', 'null', '-']);
  });

  it('reads fMP4 on stdin without a probing delay and writes one fragment per frame', () => {
    const args = renditionArgs(LIBX264);
    const input = args.indexOf('-i');
    expect(args.slice(input - 2, input + 2)).toEqual(['-f', 'mp4', '-i', 'pipe:0']);
    expect(args).toContain('nobuffer');
    expect(args.join(' ')).toContain("scale=-2:'min(720,ih)',format=yuv420p");
    // Keyframes where the camera put them: a viewer joins the rendition as fast as the camera.
    expect(args.slice(args.indexOf('-force_key_frames'), args.indexOf('-force_key_frames') + 2)).toEqual([
      '-force_key_frames',
      'source',
    ]);
    expect(args.join(' ')).toContain('+frag_every_frame');
    expect(args.at(-1)).toBe('pipe:1');
    // A GPU encoder keeps its own GOP and does not take -force_key_frames source.
    const [nvenc] = candidateEncoders(LISTED, []);
    expect(renditionArgs(nvenc!)).not.toContain('-force_key_frames');
  });

  it('reads a substream over RTSP/TCP, only through the RTSP protocols', () => {
    const args = renditionArgs(LIBX264, undefined, substreamInput('rtsp://u:p@cam/sub'));
    expect(args.slice(args.indexOf('-i'), args.indexOf('-i') + 2)).toEqual(['-i', 'rtsp://u:p@cam/sub']);
    expect(args).not.toContain('pipe:0');
    expect(args[args.indexOf('-protocol_whitelist') + 1]).toBe('rtsp,rtsps,rtp,srtp,udp,tcp,tls');
    expect(args[args.indexOf('-rtsp_transport') + 1]).toBe('tcp');
  });
});
