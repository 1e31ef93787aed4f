/** The alert queue's order and its keys, apart from React so they are tested alone. */

/** The longest waiting first (the list endpoint answers newest first); ties keep a stable order by id. */
export function oldestFirst<T extends { startAt: string; id: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt) || a.id.localeCompare(b.id));
}

export type QueueCommand = 'next' | 'previous' | 'acknowledge' | 'assignToMe' | 'open' | 'help';

/** Each command's keys: vim's j/k beside the arrows, the initials of the actions, Enter to open. */
const KEYS = new Map<string, QueueCommand>(
  (
    [
      ['next', ['j', 'ArrowDown']],
      ['previous', ['k', 'ArrowUp']],
      ['acknowledge', ['a']],
      ['assignToMe', ['m']],
      ['open', ['o', 'Enter']],
      ['help', ['?']],
    ] as const
  ).flatMap(([command, keys]) => keys.map((key) => [key, command] as const)),
);

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

/** Where typing goes, a letter is a letter: fields, editable text and open dialogs keep their keys. */
function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return (
    el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"]') !== null
  );
}

/**
 * The command a key press means in the queue, or null: with Ctrl, Cmd or Alt held it is the
 * browser's or the system's; Enter on a button or link is that control's own.
 */
export function queueCommand(e: KeyLike): QueueCommand | null {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return null;
  const command = KEYS.get(e.key) ?? null;
  if (command === 'open' && e.key === 'Enter') {
    const el = e.target as HTMLElement | null;
    if (el && typeof el.closest === 'function' && el.closest('button, a, summary')) return null;
  }
  return command;
}

/** The selection after a move, kept inside the list (and on nothing when the list is empty). */
export function moveSelection(index: number, count: number, command: 'next' | 'previous'): number {
  if (count === 0) return 0;
  const next = command === 'next' ? index + 1 : index - 1;
  return Math.min(Math.max(next, 0), count - 1);
}
