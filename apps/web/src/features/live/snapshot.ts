/** `<camera>-<ISO time>.jpg`, with characters file systems refuse (`:` and `/`) replaced. */
export function snapshotName(camera: string, at: Date): string {
  const safe = camera.replace(/[^\p{L}\p{N}._ -]+/gu, '_').trim() || 'camera';
  return `${safe}-${at.toISOString().replace(/:/g, '-')}.jpg`;
}
