import { Link } from 'react-router';

/** A card's way onward, to the page where its figure is acted on. */
export function CardLink({ to, label, className = '' }: { to: string; label: string; className?: string }) {
  return (
    <Link to={to} className={`text-sm font-medium text-primary underline underline-offset-4 ${className}`}>
      {label}
    </Link>
  );
}
