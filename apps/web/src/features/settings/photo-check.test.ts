import { MAX_PHOTO_BYTES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { photoProblem } from './photo-check.ts';

describe('photoProblem', () => {
  it('accepts png, jpeg and webp up to the limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(photoProblem({ type, size: MAX_PHOTO_BYTES })).toBeNull();
    }
  });
  it('refuses other types and larger files', () => {
    expect(photoProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(photoProblem({ type: 'image/png', size: MAX_PHOTO_BYTES + 1 })).toBe('size');
  });
});
