import { type InputHTMLAttributes, forwardRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldFrame } from './field-frame.tsx';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** The new text on each change (beside or instead of onChange). */
  onValueChange?(value: string): void;
}

/** What a field bound to a piece of state takes: its value, how it changes, and its error. */
export interface BoundFieldProps {
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
}

export const inputClass =
  'block w-full min-h-10 rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted';

/** An input with its <label>, hint and error wired by id for assistive tech. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, id, onValueChange, ...rest },
  ref,
) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          className={cn(inputClass, error && 'border-danger')}
          {...rest}
          onChange={(e) => {
            rest.onChange?.(e);
            onValueChange?.(e.target.value);
          }}
        />
      )}
    </FieldFrame>
  );
});
