import { describe, expect, it } from 'vitest';
import { loadPhoneCheck, phoneShapeProblem } from './phone-check.ts';

describe('phone check', () => {
  it('the shape check refuses what is not international; the loaded check also refuses numbers no plan allows', async () => {
    expect(phoneShapeProblem('0612345678')).toMatch(/international form/);
    expect(phoneShapeProblem('+33612345678')).toBeNull();
    const full = await loadPhoneCheck();
    expect(full('0612345678')).toBe(phoneShapeProblem('0612345678'));
    expect(full('+33612345678')).toBeNull();
    // Right shape, no such French number: only the number plan tells.
    expect(phoneShapeProblem('+330000000')).toBeNull();
    expect(full('+330000000')).toMatch(/not a valid phone number/);
    // Loaded once, the same check after.
    expect(await loadPhoneCheck()).toBe(full);
  });
});
