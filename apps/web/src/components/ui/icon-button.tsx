import type { ReactNode } from 'react';

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
