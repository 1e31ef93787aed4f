import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId } from 'react';

export interface SwitchFieldProps {
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  description?: string;
}

export function SwitchField({ label, checked, onCheckedChange, disabled, description }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {description && <span className="text-xs text-muted">{description}</span>}
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-sunken transition-colors data-[state=checked]:bg-primary disabled:opacity-60"
      >
        <SwitchPrimitive.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-surface shadow ring-1 ring-line transition-transform data-[state=checked]:translate-x-5" />
      </SwitchPrimitive.Root>
    </div>
  );
}
