import * as Menu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, createContext, useContext, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import type { MenuOpening } from './lazy-menu.tsx';

/** Whether the next opening should focus the first item (a key opened a menu loaded on demand). */
const FirstItemFocus = createContext<{ current: boolean }>({ current: false });

/**
 * A dropdown menu's root. A menu loaded on demand (lazy-menu.tsx) mounts open when its trigger
 * was pressed; opened by a key, its first item takes focus, as Radix does for a key press on a
 * trigger it already handles (its own key listener was not there yet to see that press).
 */
export function MenuRoot({
  opening,
  modal,
  children,
}: {
  opening?: MenuOpening;
  modal?: boolean;
  children: ReactNode;
}) {
  const firstItem = useRef(opening === 'keyboard');
  return (
    <Menu.Root defaultOpen={opening !== undefined} modal={modal}>
      <FirstItemFocus.Provider value={firstItem}>{children}</FirstItemFocus.Provider>
    </Menu.Root>
  );
}

/**
 * A dropdown menu's panel (Radix: arrow keys, typeahead, Escape, focus back to the trigger), in
 * a portal above the page, just below its trigger. `className` sets its width.
 */
export function MenuContent({
  align = 'end',
  collisionPadding,
  className,
  children,
}: {
  align?: 'start' | 'end';
  collisionPadding?: number;
  className: string;
  children: ReactNode;
}) {
  const firstItem = useContext(FirstItemFocus);
  const content = useRef<HTMLDivElement>(null);
  return (
    <Menu.Portal>
      <Menu.Content
        ref={content}
        align={align}
        sideOffset={6}
        collisionPadding={collisionPadding}
        className={cn('z-50 rounded-md border border-line bg-surface p-1 shadow-lg', className)}
        onFocus={(e) => {
          // Radix focuses the panel itself on opening; from a key, the first item takes it instead.
          if (!firstItem.current || e.target !== e.currentTarget) return;
          firstItem.current = false;
          content.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
        }}
      >
        {children}
      </Menu.Content>
    </Menu.Portal>
  );
}
