import { describe, expect, it } from 'vitest';
import { createReportInput, emptyReportForm, isRendering, periodOf } from './report-model.ts';

const NOW = new Date('2026-03-11T10:00:00Z');

describe('the new-report form', () => {
  it('starts on last week of the workspace’s calendar, as a PDF of uptime', () => {
    const form = emptyReportForm('Europe/Paris', NOW);
    expect(form).toMatchObject({ kind: 'uptime', period: 'last-week', format: 'pdf', siteId: '' });
    expect(form.from).toBe('2026-03-02T00:00:00');
    const period = periodOf(form, 'Europe/Paris', NOW);
    expect(period).toEqual({ from: new Date('2026-03-01T23:00:00Z'), to: new Date('2026-03-08T23:00:00Z') });
  });

  it('reads a custom period in the zone and refuses what the server would', () => {
    const base = { ...emptyReportForm('UTC', NOW), period: 'custom' as const };
    expect(periodOf({ ...base, from: '2026-03-01T00:00', to: '2026-03-02T00:00' }, 'UTC', NOW)).toEqual({
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-03-02T00:00:00Z'),
    });
    expect(periodOf({ ...base, from: '2026-03-02T00:00', to: '2026-03-01T00:00' }, 'UTC', NOW)).toEqual({
      problem: 'badRange',
    });
    expect(periodOf({ ...base, from: '2026-04-01T00:00', to: '2026-05-01T00:00' }, 'UTC', NOW)).toEqual({
      problem: 'future',
    });
    expect(periodOf({ ...base, from: '2024-01-01T00:00', to: '2026-03-01T00:00' }, 'UTC', NOW)).toEqual({
      problem: 'tooLong',
    });
    expect(periodOf({ ...base, from: 'nonsense', to: '2026-03-01T00:00' }, 'UTC', NOW)).toEqual({
      problem: 'badRange',
    });
  });

  it('sends a site only when one is chosen', () => {
    const form = emptyReportForm('UTC', NOW);
    const period = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-08T00:00:00Z') };
    expect(createReportInput(form, period)).toEqual({
      kind: 'uptime',
      format: 'pdf',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-08T00:00:00.000Z',
    });
    expect(createReportInput({ ...form, siteId: 's1' }, period)).toMatchObject({ siteId: 's1' });
    expect(isRendering({ status: 'running' })).toBe(true);
    expect(isRendering({ status: 'done' })).toBe(false);
  });
});
