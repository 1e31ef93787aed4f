import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER,
  INITIAL_CHANGE,
  describeChange,
  percentDone,
  requestBody,
  selectedCount,
  toChange,
  toFilter,
} from './bulk-model.ts';

const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);
const names = { schedule: (id: string) => (id === 's1' ? 'Office' : undefined), site: () => 'North' };

describe('bulk operations page rules', () => {
  it('the filter builder says only what is set', () => {
    expect(toFilter(EMPTY_FILTER)).toEqual({});
    expect(toFilter({ site: 'none', tag: 'retail', status: 'offline', model: 'h264', q: '  door ' })).toEqual({
      withoutSite: true,
      tags: ['retail'],
      status: ['offline'],
      model: 'h264',
      q: 'door',
    });
    expect(toFilter({ ...EMPTY_FILTER, site: 'abc' })).toEqual({ siteIds: ['abc'] });
  });

  it('the change form: complete or null', () => {
    expect(toChange(INITIAL_CHANGE, 3)).toEqual({ kind: 'recording-mode', recordingMode: 'motion' });
    expect(toChange({ ...INITIAL_CHANGE, kind: 'retention', retentionDays: '14' }, 3)).toEqual({
      kind: 'retention',
      retentionDays: 14,
    });
    for (const days of ['0', '3651', '1.5', 'x', ''])
      expect(toChange({ ...INITIAL_CHANGE, kind: 'retention', retentionDays: days }, 3), days).toBeNull();
    expect(toChange({ ...INITIAL_CHANGE, kind: 'schedule' }, 3)).toEqual({ kind: 'schedule', scheduleId: null });
    expect(toChange({ ...INITIAL_CHANGE, kind: 'motion' }, 3)).toBeNull();
    expect(toChange({ ...INITIAL_CHANGE, kind: 'motion', motionEnabled: 'off', sensitivity: '80' }, 3)).toEqual({
      kind: 'motion',
      motion: { enabled: false, sensitivity: 80 },
    });
    expect(toChange({ ...INITIAL_CHANGE, kind: 'motion', sensitivity: '101' }, 3)).toBeNull();
    expect(toChange({ ...INITIAL_CHANGE, kind: 'move-to-site', siteId: 's' }, 3)).toEqual({
      kind: 'move-to-site',
      siteId: 's',
    });
    expect(toChange({ ...INITIAL_CHANGE, kind: 'delete' }, 7)).toEqual({ kind: 'delete', expectedCount: 7 });
    expect(toChange({ ...INITIAL_CHANGE, kind: 'delete' }, 0)).toBeNull();
  });

  it('names the cameras picked, or the filter when every one is picked and it matches more than shown', () => {
    const change = { kind: 'enable' } as const;
    const filter = { tags: ['retail'] };
    const all = { count: 3, shownIds: ['a', 'b', 'c'], excluded: new Set<string>() };
    expect(requestBody(filter, all, change)).toEqual({ cameraIds: ['a', 'b', 'c'], change });
    expect(selectedCount(all)).toBe(3);
    const some = { ...all, excluded: new Set(['b']) };
    expect(requestBody(filter, some, change)).toEqual({ cameraIds: ['a', 'c'], change });
    expect(selectedCount(some)).toBe(2);
    const many = { count: 900, shownIds: ['a', 'b'], excluded: new Set<string>() };
    expect(requestBody(filter, many, change)).toEqual({ filter, change });
    expect(selectedCount(many)).toBe(900);
    expect(selectedCount({ ...many, excluded: new Set(['a']) })).toBe(1);
  });

  it('reads an operation in a sentence and a percentage', () => {
    expect(describeChange({ kind: 'recording-mode', recordingMode: 'off' }, names, t)).toBe(
      'bulk.describe.recording-mode {"mode":"bulk.mode.off"}',
    );
    expect(describeChange({ kind: 'schedule', scheduleId: 's1' }, names, t)).toBe(
      'bulk.describe.schedule {"name":"Office"}',
    );
    expect(describeChange({ kind: 'schedule', scheduleId: 'gone' }, names, t)).toBe(
      'bulk.describe.schedule {"name":"bulk.describe.unknownSchedule"}',
    );
    expect(describeChange({ kind: 'delete', expectedCount: 2 }, names, t)).toBe('bulk.kind.delete');
    expect(percentDone({ progress: { total: 50, processed: 25, succeeded: 24, failed: 1 } })).toBe(50);
    expect(percentDone({ progress: { total: 0, processed: 0, succeeded: 0, failed: 0 } })).toBe(100);
  });
});
