/**
 * The camera a recordings link names, checked against the cameras the user can see: a deleted
 * camera or a mangled id falls back to the first one, and the page says why instead of failing.
 */
export interface CameraChoice {
  id: string;
  /** The link named a camera that is not (or no longer) in the list. */
  replaced: boolean;
}

export function chooseCamera(requested: string | null, cameras: readonly { id: string }[] | undefined): CameraChoice {
  // Until the list is here nothing is asked of the server with an unchecked id.
  if (!cameras) return { id: '', replaced: false };
  const first = cameras[0]?.id ?? '';
  if (!requested) return { id: first, replaced: false };
  return cameras.some((c) => c.id === requested) ? { id: requested, replaced: false } : { id: first, replaced: true };
}
