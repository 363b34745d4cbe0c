import { useLocation, useRouter } from '@tanstack/react-router';
import type { ComponentProps, MouseEvent } from 'react';

import { cn } from '@/lib/cn';

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
 * An in-app link by plain path. Most screens this product links to (leaderboard, boost,
 * login…) are built in later issues, so TanStack Router's typed <Link to> cannot name them yet;
 * this keeps client-side navigation and active styling for any path until they exist.
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
