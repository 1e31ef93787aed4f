import { isGap } from './timeline.ts';

/** One playlist entry: a self-contained fMP4 file whose init (ftyp+moov) is its first `initBytes`. */
export interface PlaylistSegment {
  startAt: Date;
  endAt: Date;
  bytes: number;
  initBytes: number;
  url: string;
  /**
   * An H.264 copy made for this browser (h264-transcode.ts): its init and media are whole files
   * at these URLs, not byte ranges of the recorded file.
   */
  h264?: { init: string; media: string };
}

/**
 * HLS v7 VOD playlist over the segment index. Each file carries its own init, so each entry
 * gets its own EXT-X-MAP byte range and a media byte range after it; a hole in the footage
 * (or a new init after a gap) is marked with EXT-X-DISCONTINUITY so players reset timestamps.
 */
export function buildVodPlaylist(segments: readonly PlaylistSegment[], gapMs: number): string {
  const durations = segments.map((s) => Math.max(0, (s.endAt.getTime() - s.startAt.getTime()) / 1000));
  const target = Math.max(1, ...durations.map((d) => Math.ceil(d)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  segments.forEach((s, i) => {
    const prev = segments[i - 1];
    if (prev && isGap(prev.endAt, s.startAt, gapMs)) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${s.startAt.toISOString()}`);
    if (s.h264) lines.push(`#EXT-X-MAP:URI="${s.h264.init}"`, `#EXTINF:${durations[i]!.toFixed(3)},`, s.h264.media);
    else
      lines.push(
        `#EXT-X-MAP:URI="${s.url}",BYTERANGE="${s.initBytes}@0"`,
        `#EXTINF:${durations[i]!.toFixed(3)},`,
        `#EXT-X-BYTERANGE:${s.bytes - s.initBytes}@${s.initBytes}`,
        s.url,
      );
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}
