import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

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
  return (
    <Menu.Portal>
      <Menu.Content
        align={align}
        sideOffset={6}
        collisionPadding={collisionPadding}
        className={cn('z-50 rounded-md border border-line bg-surface p-1 shadow-lg', className)}
      >
        {children}
      </Menu.Content>
    </Menu.Portal>
  );
}
