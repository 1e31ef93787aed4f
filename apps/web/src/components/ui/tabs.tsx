import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../../lib/cn.ts';

export interface TabDef<T extends string> {
  id: T;
  label: string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrows move and select, Home/End jump, only the
 * selected tab is in the Tab order, and only its panel is mounted (a hidden log does not poll).
 */
export function Tabs<T extends string>(props: {
  label: string;
  tabs: readonly TabDef<T>[];
  selected: T;
  onSelect(id: T): void;
  children: ReactNode;
}) {
  const { label, tabs, selected, onSelect, children } = props;
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === selected);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    const id = tabs[next]!.id;
    onSelect(id);
    refs.current.get(id)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-line"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={cn(
                '-mb-px min-h-10 shrink-0 border-b-2 px-2 py-2 sm:px-3 text-sm font-medium whitespace-nowrap',
                active ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className="pt-4">
        {children}
      </div>
    </div>
  );
}
