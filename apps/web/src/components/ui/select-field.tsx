import { type SelectHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { inputClass } from './text-field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** Hide the visible label (tables) while keeping it as the accessible name. */
  hideLabel?: boolean;
}

/**
 * A native <select>: long lists (400+ time zones) stay fast, typeahead and screen readers
 * work everywhere, and it needs no extra JavaScript.
 */
export function SelectField({ label, options, hideLabel, className, id, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-fg'}>
        {label}
      </label>
      <select id={selectId} className={inputClass} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
