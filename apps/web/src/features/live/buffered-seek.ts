/** The part of a media element the seek reads and moves (a test hands a plain object). */
type Playhead = Pick<HTMLMediaElement, 'buffered' | 'currentTime'>;

/**
 * A playhead that sits before or between the buffered ranges (a gap wider than hls.js jumps by
 * itself) goes to the newest range, a few parts behind its end (0.6 s: three 0.2 s parts, the
 * playlist's PART-HOLD-BACK). True when it moved.
 */
export function moveIntoBuffered(video: Playhead): boolean {
  const b = video.buffered;
  if (!b.length) return false;
  const t = video.currentTime;
  for (let i = 0; i < b.length; i++) if (t >= b.start(i) && t < b.end(i)) return false;
  const last = b.length - 1;
  video.currentTime = Math.max(b.start(last), b.end(last) - 0.6);
  return true;
}
