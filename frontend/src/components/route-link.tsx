import { Link, type RegisteredRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A path of one of the app's routes, as the router the app registers (router.tsx) types them: for
 * lists of links (the header's, the footer's) that name their paths as data.
 */
export type RoutePath = RegisteredRouter['routeTree']['types']['fileRouteTypes']['to'];

interface RouteLinkProps {
  to: RoutePath;
  className?: string;
  /** Classes added while the current path is `to` (or, unless `exact`, one under it). */
  activeClassName?: string;
  /** Match only the exact path (default) or also its sub-paths. */
  exact?: boolean;
  onClick?: () => void;
  children: ReactNode;
}

/** A link of a list of links: the router's typed <Link>, styled while its page is shown. */
export function RouteLink({
  to,
  className,
  activeClassName,
  exact = true,
  onClick,
  children,
}: RouteLinkProps) {
  return (
    <Link
      to={to}
      className={className}
      activeProps={activeClassName ? { className: activeClassName } : undefined}
      activeOptions={{ exact, includeSearch: false }}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}
