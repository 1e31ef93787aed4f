import type { TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldFrame } from './field-frame.tsx';
import { inputClass } from './text-field.tsx';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A multi-line input with its <label>, hint and error wired by id, like TextField. */
export function TextareaField({ label, error, hint, className, id, rows = 3, ...rest }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <textarea {...control} rows={rows} className={cn(inputClass, error && 'border-danger')} {...rest} />
      )}
    </FieldFrame>
  );
}
