import { type AnchorHTMLAttributes, type MouseEvent, createContext, useContext } from 'react';

/**
 * How the public pages' links move: inside the app it is the router's navigation; on a first visit
 * to the landing page, which renders before the app's router has loaded, it loads the app first.
 * The landing's header, page and pricing take their links from here, so the same components serve
 * both and the landing's first JavaScript carries no router.
 */
export interface SiteNavigation {
  pathname: string;
  navigate(to: string): void;
}

export const SiteNavigationContext = createContext<SiteNavigation | null>(null);

function useSiteNavigation(): SiteNavigation {
  const nav = useContext(SiteNavigationContext);
  if (!nav) throw new Error('SiteLink outside SiteNavigationContext');
  return nav;
}

export const useSitePathname = (): string => useSiteNavigation().pathname;

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>;

/** A plain click navigates in place; a modified or middle click keeps the browser's own behaviour. */
function useFollow(to: string, onClick: AnchorProps['onClick']) {
  const { navigate } = useSiteNavigation();
  return (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if (e.currentTarget.target && e.currentTarget.target !== '_self') return;
    e.preventDefault();
    navigate(to);
  };
}

export function SiteLink({ to, className, onClick, ...rest }: AnchorProps & { to: string; className?: string }) {
  return <a {...rest} href={to} className={className} onClick={useFollow(to, onClick)} />;
}

/** Like a router's NavLink: marked as the current page (aria-current) on its path and below it. */
export function SiteNavLink({
  to,
  className,
  onClick,
  ...rest
}: AnchorProps & { to: string; className: (state: { isActive: boolean }) => string }) {
  const pathname = useSitePathname();
  const isActive = pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));
  return (
    <a
      {...rest}
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={className({ isActive })}
      onClick={useFollow(to, onClick)}
    />
  );
}
