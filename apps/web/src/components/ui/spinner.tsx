import { cn } from '../../lib/cn.ts';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const dims = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4' }[size];
  const wheel = (
    <span
      aria-hidden="true"
      className={cn('inline-block animate-spin rounded-full border-current border-t-transparent', dims)}
    />
  );
  if (!label) return wheel;
  return (
    <span role="status" className="inline-flex">
      <span className="sr-only">{label}</span>
      {wheel}
    </span>
  );
}

/** Shown while the app waits for its first auth state (spec §4). */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center text-primary">
      <Spinner size="lg" label={label} />
    </div>
  );
}
