import { describe, expect, it } from 'vitest';
import { bodyOf, diskGuardProblems, formOf } from './disk-guard-form.ts';

describe('disk guard form', () => {
  it('reads decimals with a comma or a point, within the server’s bounds', () => {
    expect(diskGuardProblems({ percent: '5', maxGb: '2' })).toEqual({});
    expect(bodyOf({ percent: '2,5', maxGb: ' 0.5 ' })).toEqual({ percent: 2.5, maxGb: 0.5 });
    expect(diskGuardProblems({ percent: '0.1', maxGb: '2' })).toEqual({
      percent: 'adminSettings.storage.percent.invalid',
    });
    expect(diskGuardProblems({ percent: '51', maxGb: '' })).toEqual({
      percent: 'adminSettings.storage.percent.invalid',
      maxGb: 'adminSettings.storage.maxGb.invalid',
    });
    expect(diskGuardProblems({ percent: '5', maxGb: '2GB' }).maxGb).toBe('adminSettings.storage.maxGb.invalid');
    expect(formOf({ percent: 5, maxGb: 2 })).toEqual({ percent: '5', maxGb: '2' });
  });
});
