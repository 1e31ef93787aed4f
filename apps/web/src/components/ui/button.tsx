import { type ButtonHTMLAttributes, type ReactNode, forwardRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary-hover border-transparent',
  secondary: 'bg-surface text-fg border-line hover:bg-sunken',
  danger: 'bg-danger text-on-danger border-transparent hover:opacity-90',
  ghost: 'bg-transparent text-fg border-transparent hover:bg-sunken',
};

export const buttonClass = (variant: ButtonVariant = 'primary', extra?: string) =>
  cn(
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md border px-4 py-2 text-sm font-medium',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    extra,
  );

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and blocks clicks while an action runs. */
  busy?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', busy = false, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner size="sm" />}
      {children}
    </button>
  );
});

/** What a paged list (an infinite query) tells about its next page. */
export interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * "Load more" under a paged list: shown only while there is a next page, busy while it loads.
 * `className` places it (a margin, centred in a row).
 */
export function LoadMoreButton({ list, label, className }: { list: NextPage; label: string; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className={className}>
      <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {label}
      </Button>
    </div>
  );
}

/**
 * A button that shows a picture or a sign instead of words: `label` names it for assistive tech
 * and, as its title, for a pointer; the picture itself is hidden from screen readers.
 */
export function IconButton({
  label,
  onClick,
  disabled,
  className,
  children,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean | undefined;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-label={label} title={label} disabled={disabled} onClick={onClick} className={className}>
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
