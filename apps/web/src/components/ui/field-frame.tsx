import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.ts';

/** What a control inside a FieldFrame must carry so its label, hint and error reach assistive tech. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A form control with its <label>, hint and error wired by id: the label names the control, the
 * hint and the error describe it, and an error marks it invalid. `children` draws the control
 * from the props it is given.
 */
export function FieldFrame({
  label,
  hint,
  error,
  id,
  className,
  children,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
  children(control: FieldControlProps): ReactNode;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
