import { describe, expect, it } from 'vitest';
import { moveSelection, oldestFirst, queueCommand } from './queue-model.ts';

/** A stand-in for a DOM element (the unit tests run without a DOM): what `closest` finds around it. */
const inside = (...selectors: string[]) =>
  ({
    isContentEditable: false,
    closest: (list: string) => (list.split(',').some((s) => selectors.includes(s.trim())) ? {} : null),
  }) as unknown as EventTarget;
const body = inside();

const press = (key: string, target: EventTarget | null = body, mods: Partial<KeyboardEvent> = {}) =>
  queueCommand({ key, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, target, ...mods });

describe('alert queue', () => {
  it('puts the longest waiting first, whatever order the list came in', () => {
    const list = [
      { id: 'c', startAt: '2026-01-01T10:02:00Z' },
      { id: 'b', startAt: '2026-01-01T10:00:00Z' },
      { id: 'a', startAt: '2026-01-01T10:00:00Z' },
    ];
    expect(oldestFirst(list).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('reads the keys as commands', () => {
    expect(['j', 'ArrowDown', 'k', 'ArrowUp', 'a', 'm', 'o', 'Enter', '?', 'x'].map((k) => press(k))).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'acknowledge',
      'assignToMe',
      'open',
      'open',
      'help',
      null,
    ]);
  });

  it('leaves the keys alone while typing, with a modifier, in a dialog, or Enter on a control', () => {
    const typing = ['input', 'textarea', 'select', '[contenteditable="true"]', '[role="dialog"]'];
    for (const where of typing) expect(press('a', inside(where)), where).toBeNull();
    expect(press('a', { isContentEditable: true, closest: () => null } as unknown as EventTarget)).toBeNull();
    expect(press('a', body, { ctrlKey: true })).toBeNull();
    expect(press('j', body, { metaKey: true })).toBeNull();
    expect(press('j', body, { defaultPrevented: true })).toBeNull();
    expect(press('Enter', inside('button'))).toBeNull();
    expect(press('Enter', inside('a'))).toBeNull();
    // A letter on a focused button is still the queue's: only Enter belongs to the control.
    expect(press('a', inside('button'))).toBe('acknowledge');
  });

  it('keeps the selection inside the list', () => {
    expect(moveSelection(0, 3, 'previous')).toBe(0);
    expect(moveSelection(0, 3, 'next')).toBe(1);
    expect(moveSelection(2, 3, 'next')).toBe(2);
    expect(moveSelection(5, 0, 'next')).toBe(0);
  });
});
