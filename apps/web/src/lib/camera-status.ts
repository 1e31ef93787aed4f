import type { CameraStatus } from '@vigil/shared';

/**
 * How a camera's status reads as a badge (components/ui/badge) wherever a camera is listed: the
 * colour of each state, and a dot, hollow when the camera is switched off, so the shape tells
 * the states apart as well as the colour and the words.
 */
export function cameraStatusBadge(status: CameraStatus): {
  tone: 'ok' | 'warn' | 'error' | 'muted';
  marker: 'dot' | 'ring';
} {
  const tone = { online: 'ok', reconnecting: 'warn', offline: 'error', disabled: 'muted' } as const;
  return { tone: tone[status], marker: status === 'disabled' ? 'ring' : 'dot' };
}
