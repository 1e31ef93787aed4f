/**
 * How a video codec is said to people: "H.265 Main", "H.264 High" (ffprobe's names h264/hevc,
 * the profile read from the stream's parameter sets). Shared so the server's log and the web
 * app's camera page and live tile say it the same way.
 */
export function codecLabel(c: { codec: string | null; profile?: string | null }): string | null {
  if (!c.codec) return null;
  const name = c.codec === 'hevc' ? 'H.265' : c.codec === 'h264' ? 'H.264' : c.codec.toUpperCase();
  return c.profile ? `${name} ${c.profile}` : name;
}
