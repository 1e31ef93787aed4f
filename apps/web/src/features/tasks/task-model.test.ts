import type { Task } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  cannotSee,
  createInput,
  emptyForm,
  filtersFromQuery,
  filtersToQuery,
  formOf,
  formProblems,
  listQuery,
  nextSteps,
  updateInput,
} from './task-model.ts';

const task: Task = {
  id: 't1',
  title: 'Check the gate',
  description: 'Twice',
  priority: 'high',
  status: 'open',
  dueAt: '2026-03-29T00:30:00.000Z',
  overdue: false,
  assignee: { id: 'u1', displayName: 'Oscar' },
  assignedAt: null,
  camera: { id: 'c1', name: 'Gate' },
  eventId: null,
  createdBy: null,
  completedAt: null,
  commentCount: 0,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

describe('task filters', () => {
  it('round-trip through the URL, defaults left out, other parameters kept', () => {
    const q = filtersToQuery({ assignee: 'me', status: 'done', overdue: true }, new URLSearchParams('id=t1'));
    expect(q.toString()).toBe('id=t1&assignee=me&status=done&overdue=true');
    expect(filtersFromQuery(q)).toEqual({ assignee: 'me', status: 'done', overdue: true });
    expect(filtersToQuery(DEFAULT_FILTERS, new URLSearchParams('status=done')).toString()).toBe('');
    expect(filtersFromQuery(new URLSearchParams('status=bogus')).status).toBe('active');
  });

  it('make the API query: active = open and in progress, all = no status', () => {
    expect(listQuery(DEFAULT_FILTERS, 50, null)).toBe('status=open%2Cin_progress&limit=50');
    expect(listQuery({ assignee: 'none', status: 'all', overdue: false }, 10, 'abc')).toBe(
      'assignee=none&limit=10&startAfter=abc',
    );
  });
});

describe('task form', () => {
  it('reads the due time in the person’s zone and writes it back as the same instant', () => {
    const form = formOf(task, 'Europe/Paris');
    expect(form.due).toBe('2026-03-29T01:30'); // CET, an hour before the spring change
    expect(createInput(form, 'Europe/Paris').dueAt).toBe('2026-03-29T00:30:00.000Z');
    expect(createInput({ ...form, due: '2026-03-29T03:30' }, 'Europe/Paris').dueAt).toBe('2026-03-29T01:30:00.000Z');
  });

  it('sends only what changed on an edit', () => {
    const before = formOf(task, 'UTC');
    expect(updateInput(before, before, 'UTC')).toEqual({});
    expect(updateInput({ ...before, title: ' New ', assigneeId: '' }, before, 'UTC')).toEqual({
      title: 'New',
      assigneeId: null,
    });
    expect(updateInput({ ...before, due: '' }, before, 'UTC')).toEqual({ dueAt: null });
  });

  it('checks the title and the due time; a prefilled event and camera ride along', () => {
    expect(formProblems(emptyForm(), 'UTC')).toEqual({ title: 'required' });
    expect(formProblems({ ...emptyForm(), title: 'x', due: 'soon' }, 'UTC')).toEqual({ due: 'invalid' });
    const input = createInput({ ...emptyForm({ eventId: 'e1', cameraId: 'c1' }), title: 'From event' }, 'UTC');
    expect(input).toMatchObject({ eventId: 'e1', cameraId: 'c1', assigneeId: null, dueAt: null });
  });

  it('knows who cannot see a camera and what the assignee may do next', () => {
    expect(cannotSee({ cameraIds: ['c1'] }, 'c2')).toBe(true);
    expect(cannotSee({ cameraIds: ['c1'] }, 'c1')).toBe(false);
    expect(cannotSee({ cameraIds: null }, 'c2')).toBe(false);
    expect(cannotSee({ cameraIds: ['c1'] }, '')).toBe(false);
    expect(nextSteps('open').map((s) => s.key)).toEqual(['start', 'done']);
    expect(nextSteps('canceled')).toEqual([]);
  });
});
