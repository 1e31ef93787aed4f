import { MAX_PHOTO_BYTES } from '@vigil/shared';

export type PhotoProblem = 'type' | 'size' | null;

/** The server's photo rules, checked before upload so the person learns at once. */
export function photoProblem(file: { type: string; size: number }): PhotoProblem {
  if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) return 'type';
  if (file.size > MAX_PHOTO_BYTES) return 'size';
  return null;
}
