/**
 * Whether a tile may try to play at all: a disabled camera has no live feed (the server answers
 * 503), so its tile says so and opens no connection instead of retrying forever.
 */
export type TileMode = 'live' | 'disabled';

export function tileMode(camera: { enabled?: boolean; status?: string }): TileMode {
  return camera.enabled === false || camera.status === 'disabled' ? 'disabled' : 'live';
}
