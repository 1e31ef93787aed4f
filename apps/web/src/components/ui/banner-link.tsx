import type { ReactNode } from 'react';
import { Link } from 'react-router';
/** The way out of a banner's situation (to the plans, back to a list): a link that reads as one inside the tinted text. */
export function BannerLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold underline underline-offset-4">
      {children}
    </Link>
  );
}
