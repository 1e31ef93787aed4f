import { useId } from 'react';

export interface CheckOption<T extends string> {
  value: T;
  label: string;
}

/** A labelled set of checkboxes (a multiple choice), with its hint and error tied to the group. */
export function CheckGroup<T extends string>(props: {
  legend: string;
  options: readonly CheckOption<T>[];
  value: readonly T[];
  onToggle(value: T, on: boolean): void;
  hint?: string | undefined;
  error?: string | undefined;
  /** Long lists (cameras, people) scroll inside a box instead of growing the dialog. */
  scroll?: boolean;
  testId?: string;
}) {
  const id = useId();
  const described = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-1"
      aria-describedby={described || undefined}
      data-testid={props.testId}
    >
      <legend className="mb-1 text-sm font-medium text-fg">{props.legend}</legend>
      <div
        className={
          props.scroll
            ? 'grid max-h-40 gap-x-4 gap-y-1 overflow-y-auto rounded-md border border-line p-2 sm:grid-cols-2'
            : 'flex flex-wrap gap-x-4 gap-y-1'
        }
      >
        {props.options.map((o) => (
          <label key={o.value} className="inline-flex min-h-8 min-w-0 items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              className="h-4 w-4 shrink-0 accent-primary"
              checked={props.value.includes(o.value)}
              onChange={(e) => props.onToggle(o.value, e.target.checked)}
            />
            <span className="break-words">{o.label}</span>
          </label>
        ))}
      </div>
      {props.hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${id}-error`} className="text-sm text-danger" data-testid="field-error">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
