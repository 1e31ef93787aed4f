import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

export type MeterTone = 'normal' | 'warning' | 'full';

const toneClass: Record<MeterTone, string> = {
  normal: 'bg-primary',
  warning: 'bg-warn-fg',
  full: 'bg-danger',
};

/**
 * Limits vs usage as a progress bar named by its label: assistive tech hears the same figures
 * the eye reads (aria-valuetext), not a bare percentage. The tone only repeats what the text says.
 */
export function Meter({
  label,
  value,
  valueText,
  tone = 'normal',
  testId,
}: {
  label: string;
  /** 0–100. */
  value: number;
  valueText: string;
  tone?: MeterTone;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <div className="flex flex-wrap justify-between gap-x-4 text-sm">
        <span id={`${id}-label`} className="text-fg">
          {label}
        </span>
        <span className="text-muted">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={valueText}
        className="h-2 overflow-hidden rounded-full bg-sunken ring-1 ring-line"
      >
        <div className={cn('h-full rounded-full', toneClass[tone])} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** How far a job has come (an export, a report): a progress bar named by `label`, 0–100. */
export function ProgressBar({ label, value }: { label: string; value: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2 overflow-hidden rounded-full bg-sunken"
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}
