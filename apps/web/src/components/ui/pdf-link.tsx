import { cn } from '../../lib/cn.ts';

/** "PDF": a billing document opened in a new tab; the label names which one for a screen reader. */
export function PdfLink({ href, label, className }: { href: string; label: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className={cn('font-medium text-primary underline underline-offset-4', className)}
      aria-label={label}
    >
      PDF
    </a>
  );
}
