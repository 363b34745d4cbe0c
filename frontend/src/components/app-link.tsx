import { Link, useLocation, useRouter } from '@tanstack/react-router';
import type { ComponentProps, MouseEvent, ReactNode } from 'react';

import { cn } from '@/lib/cn';
import type { FileRouteTypes } from '@/routeTree.gen';

interface AppLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  href: string;
  /** Classes added while the current path matches `href`. */
  activeClassName?: string;
  /** Match only the exact path (default) or also its sub-paths. */
  exact?: boolean;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * An in-app link by plain path. Some screens this product links to (leaderboard, boost, posts…)
 * are built in later issues, so TanStack Router's typed <Link to> cannot name them yet; this
 * keeps client-side navigation and active styling for any path until they exist. Routes that
 * exist use <Link>.
 */
export function AppLink({
  href,
  activeClassName,
  exact = true,
  className,
  onClick,
  ...props
}: AppLinkProps) {
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const isActive = exact ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);

  return (
    <a
      href={href}
      aria-current={isActive ? 'page' : undefined}
      className={cn(className, isActive && activeClassName)}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event) || props.target === '_blank') return;
        event.preventDefault();
        void router.navigate({ href });
      }}
      {...props}
    />
  );
}

/** A path of a route that exists (typed), for link lists that also hold future paths. */
export type RoutePath = FileRouteTypes['to'];

/** Where a link in a list goes: a route (typed) or a plain path of a screen not built yet. */
export type LinkTarget = { to: RoutePath } | { href: string };

export function targetPath(target: LinkTarget): string {
  return 'to' in target ? target.to : target.href;
}

interface TargetLinkProps {
  target: LinkTarget;
  className?: string;
  activeClassName?: string;
  exact?: boolean;
  onClick?: () => void;
  children: ReactNode;
}

/** Renders a typed <Link> for an existing route, an <AppLink> otherwise. */
export function TargetLink({
  target,
  className,
  activeClassName,
  exact = true,
  onClick,
  children,
}: TargetLinkProps) {
  if ('to' in target) {
    return (
      <Link
        to={target.to}
        className={className}
        activeProps={activeClassName ? { className: activeClassName } : undefined}
        activeOptions={{ exact, includeSearch: false }}
        onClick={onClick}
      >
        {children}
      </Link>
    );
  }
  return (
    <AppLink
      href={target.href}
      className={className}
      activeClassName={activeClassName}
      exact={exact}
      onClick={onClick}
    >
      {children}
    </AppLink>
  );
}
