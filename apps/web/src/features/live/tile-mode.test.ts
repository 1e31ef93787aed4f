import { describe, expect, it } from 'vitest';
import { tileMode } from './tile-mode.ts';

describe('tileMode', () => {
  it('keeps a disabled camera off the network', () => {
    expect(tileMode({ enabled: false, status: 'disabled' })).toBe('disabled');
    // The list can say either first while the recorder catches up.
    expect(tileMode({ enabled: false, status: 'online' })).toBe('disabled');
    expect(tileMode({ enabled: true, status: 'disabled' })).toBe('disabled');
  });
  it('lets every enabled camera try, offline ones included (they may come back)', () => {
    expect(tileMode({ enabled: true, status: 'online' })).toBe('live');
    expect(tileMode({ enabled: true, status: 'offline' })).toBe('live');
  });
});
