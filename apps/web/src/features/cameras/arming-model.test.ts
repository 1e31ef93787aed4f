import { describe, expect, it } from 'vitest';
import { armingBadge, formatUntil, nextArmingChange } from './arming-model.ts';

const now = Date.parse('2026-11-23T12:00:00Z');

describe('arming badge', () => {
  it('says until when, as a time today', () => {
    const b = armingBadge({ armed: true, armedUntil: '2026-11-23T18:00:00Z', armOverride: null }, now, 'UTC', 'en');
    expect(b).toEqual({ key: 'cameras.arming.armedUntil', when: '18:00', manual: false });
  });

  it('gives a date when the change is on another day, in the user’s zone', () => {
    const iso = '2026-11-24T07:30:00Z';
    const b = armingBadge(
      { armed: false, armedUntil: iso, armOverride: { armed: false, until: iso } },
      now,
      'UTC',
      'en',
    );
    expect(b.key).toBe('cameras.arming.disarmedUntil');
    expect(b.manual).toBe(true);
    expect(b.when).toMatch(/Nov 24, 2026/);
    // 23:30 in Paris is still today there.
    expect(formatUntil('2026-11-23T22:30:00Z', now, 'Europe/Paris', 'fr')).toBe('23:30');
  });

  it('says just Armed or Disarmed when nothing changes (or the time has passed)', () => {
    expect(armingBadge({ armed: true, armedUntil: null, armOverride: null }, now, 'UTC', 'en').key).toBe(
      'cameras.arming.armed',
    );
    const past = armingBadge({ armed: false, armedUntil: '2026-11-23T11:00:00Z', armOverride: null }, now, 'UTC', 'en');
    expect(past).toEqual({ key: 'cameras.arming.disarmed', manual: false });
  });
});

describe('next arming change', () => {
  it('waits for the first future change, one second after it', () => {
    const cameras = [
      { armedUntil: '2026-11-23T13:00:00Z', armOverride: null },
      { armedUntil: null, armOverride: { armed: true, until: '2026-11-23T12:30:00Z' } },
      { armedUntil: '2026-11-23T11:00:00Z', armOverride: null },
    ];
    expect(nextArmingChange(cameras, now)).toBe(30 * 60_000 + 1000);
  });

  it('has nothing to wait for without times, and re-checks far changes within hours', () => {
    expect(nextArmingChange([{ armedUntil: null, armOverride: null }], now)).toBeNull();
    expect(nextArmingChange([{ armedUntil: '2026-12-23T11:00:00Z', armOverride: null }], now)).toBe(6 * 3600_000);
  });
});
