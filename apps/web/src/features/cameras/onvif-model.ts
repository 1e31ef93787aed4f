import type { OnvifProfile } from '@vigil/shared';

const CODEC_NAMES: Record<string, string> = { h264: 'H.264', h265: 'H.265', mjpeg: 'MJPEG', mpeg4: 'MPEG-4' };

/** "MainStream — H.265, 1920×1080, 25 fps": what a person picks a profile by. */
export function profileLabel(p: OnvifProfile, t: (key: string, o?: Record<string, unknown>) => string): string {
  const parts = [
    p.codec ? (CODEC_NAMES[p.codec] ?? p.codec.toUpperCase()) : null,
    p.width && p.height ? `${p.width}×${p.height}` : null,
    p.fps ? t('cameras.onvif.fps', { fps: Math.round(p.fps * 100) / 100 }) : null,
  ].filter(Boolean);
  return parts.length ? `${p.name} — ${parts.join(', ')}` : p.name;
}
