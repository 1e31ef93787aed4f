import * as SwitchPrimitive from '@radix-ui/react-switch';

/** A switch in a list row: its name says what it turns on, the visible word says the state. */
export function InlineSwitch(props: {
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  onText: string;
  offText: string;
}) {
  return (
    <span className="inline-flex items-center gap-2">
      <SwitchPrimitive.Root
        aria-label={props.label}
        checked={props.checked}
        onCheckedChange={props.onCheckedChange}
        disabled={props.disabled}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-sunken transition-colors data-[state=checked]:bg-primary disabled:opacity-60"
      >
        <SwitchPrimitive.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-surface shadow ring-1 ring-line transition-transform data-[state=checked]:translate-x-5" />
      </SwitchPrimitive.Root>
      <span aria-hidden="true" className="text-sm text-muted">
        {props.checked ? props.onText : props.offText}
      </span>
    </span>
  );
}
