/**
 * Limits vs usage: the figures are text (read by everyone), the bar only draws them, so
 * it is hidden from assistive tech rather than announced twice.
 */
export function Meter({ label, value, valueText }: { label: string; value: number; valueText: string }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm">
        <span className="text-fg">{label}</span>
        <span className="text-muted">{valueText}</span>
      </div>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-sunken">
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
