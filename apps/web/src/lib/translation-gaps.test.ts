import { describe, expect, it } from 'vitest';
import { translationGaps } from './translation-gaps.ts';

describe('translation gaps', () => {
  it('finds nothing when every key is translated with the same placeholders', () => {
    expect(translationGaps({ a: 'Saved {{name}}.' }, { a: '{{name}} enregistré.' })).toEqual([]);
  });
  it('names missing, extra, empty and placeholder-changed keys', () => {
    const en = { a: 'A', b: 'B {{n}}', c: 'C', d: ' ' };
    const fr = { b: 'B {{m}}', c: '', d: 'D', e: 'E' };
    expect(translationGaps(en, fr).sort()).toEqual(
      ['empty: c', 'empty: d', 'extra: e', 'missing: a', 'placeholders: b'].sort(),
    );
  });
});
