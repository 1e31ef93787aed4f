import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time.ts';

describe('exports time model', () => {
  it('reads and writes datetime-local values in the user’s timezone, across DST', () => {
    const ms = Date.parse('2026-03-10T09:00:05Z');
    expect(toLocalInput(ms, 'Europe/Paris')).toBe('2026-03-10T10:00:05');
    expect(fromLocalInput('2026-03-10T10:00:05', 'Europe/Paris')).toBe(ms);
    expect(fromLocalInput('2026-07-01T12:00', 'Europe/Paris')).toBe(Date.parse('2026-07-01T10:00:00Z'));
    expect(fromLocalInput('2026-07-01T12:00', 'America/New_York')).toBe(Date.parse('2026-07-01T16:00:00Z'));
    expect(fromLocalInput('yesterday', 'UTC')).toBeNull();
  });
});
