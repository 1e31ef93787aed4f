import { describe, expect, it } from 'vitest';
import { type AlertItem, badgeText, eventLink, freshAlerts } from './alert-model.ts';

const item = (id: string, read = false): AlertItem => ({
  id,
  cameraId: 'c',
  cameraName: 'Door',
  kind: 'motion',
  severity: 'alert',
  startAt: '2026-11-23T10:00:00Z',
  endAt: null,
  armed: true,
  zones: [],
  thumbnailUrl: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  note: null,
  detail: null,
  read,
});

describe('alert center model', () => {
  it('badge: nothing at zero, the count, 99+ past 99', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
  });

  it('toasts only unread alerts not seen before, never those of the first answer, at most three', () => {
    const seen = new Set<string>();
    expect(freshAlerts([item('a'), item('b')], seen, true)).toEqual([]);
    expect(freshAlerts([item('c'), item('a'), item('b')], seen, false).map((i) => i.id)).toEqual(['c']);
    expect(freshAlerts([item('d', true), item('c')], seen, false)).toEqual([]);
    const burst = ['e', 'f', 'g', 'h'].map((id) => item(id));
    expect(freshAlerts(burst, seen, false).map((i) => i.id)).toEqual(['e', 'f', 'g']);
  });

  it('links to the event on the events page', () => {
    expect(eventLink('0b8e')).toBe('/viewer/events?id=0b8e');
  });
});
