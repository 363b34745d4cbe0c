import { Link } from '@tanstack/react-router';
import { LogIn, Menu, X } from 'lucide-react';
import { Suspense, useId, useState, type ReactNode } from 'react';

import { RouteLink } from '@/components/route-link';
import { LogoWordmark } from '@/components/logo';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

import { navItemsFor, type HeaderUser } from '../nav-items';
import {
  desktopActiveClass,
  desktopLinkClass,
  mobileActiveClass,
  mobileLinkClass,
} from './header-classes';

interface SiteHeaderProps {
  user: HeaderUser | null;
  isSessionLoading: boolean;
  /** The theme switch, passed in by the route so features stay independent. */
  themeToggle: ReactNode;
  /**
   * The signed-in user's menu, passed in by the route (it signs out through the session): in
   * the bar (`header`, see AccountMenu) or in the mobile menu (`menu`, see MobileAccountMenu),
   * where `onClose` closes the mobile menu. It may load lazily: the header shows a placeholder
   * meanwhile. Asked for with the signed-in user only.
   */
  accountMenu: (user: HeaderUser, place: 'header' | 'menu', onClose: () => void) => ReactNode;
  /**
   * The unused-boosts badge, passed in by the route: `place` is where it shows, `onOpen`
   * closes the mobile menu before its dialog opens.
   */
  boostBadge?: (place: 'header' | 'compact' | 'menu', onOpen: () => void) => ReactNode;
}

export function SiteHeader({
  user,
  isSessionLoading,
  themeToggle,
  accountMenu,
  boostBadge,
}: SiteHeaderProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenuId = useId();
  const navItems = navItemsFor(user);
  const closeMobile = () => setMobileOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="mr-2 rounded-md" aria-label="SoleScore home" onClick={closeMobile}>
          <LogoWordmark />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <RouteLink
                  to={item.to}
                  exact={!item.matchSubPaths}
                  className={desktopLinkClass}
                  activeClassName={desktopActiveClass}
                >
                  {item.label}
                </RouteLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <div className="hidden md:block">{boostBadge?.('header', closeMobile)}</div>
          {/* On phones the count stays in sight in the bar, not only inside the menu. */}
          <div className="md:hidden">{boostBadge?.('compact', closeMobile)}</div>
          {themeToggle}

          <div className="hidden md:block">
            {isSessionLoading ? (
              <Skeleton className="h-10 w-24" />
            ) : user ? (
              <Suspense fallback={<Skeleton className="h-10 w-40" />}>
                {accountMenu(user, 'header', closeMobile)}
              </Suspense>
            ) : (
              <Link to="/login" className={buttonVariants({ size: 'sm' })}>
                <LogIn aria-hidden="true" />
                Login
              </Link>
            )}
          </div>

          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>

      <div id={mobileMenuId} hidden={!mobileOpen} className="border-t md:hidden">
        <nav aria-label="Main" className="mx-auto w-full max-w-6xl px-4 py-3">
          <ul className="flex flex-col gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <RouteLink
                  to={item.to}
                  exact={!item.matchSubPaths}
                  className={mobileLinkClass}
                  activeClassName={mobileActiveClass}
                  onClick={closeMobile}
                >
                  {item.label}
                </RouteLink>
              </li>
            ))}
          </ul>
          {user && boostBadge ? (
            <div className="mt-3">{boostBadge('menu', closeMobile)}</div>
          ) : null}
          <div className="mt-3 border-t pt-3">
            {isSessionLoading ? (
              <Skeleton className="h-12 w-full" />
            ) : user ? (
              <Suspense fallback={<Skeleton className="h-12 w-full" />}>
                {accountMenu(user, 'menu', closeMobile)}
              </Suspense>
            ) : (
              <Link
                to="/login"
                className={buttonVariants({ className: 'w-full' })}
                onClick={closeMobile}
              >
                <LogIn aria-hidden="true" />
                Login
              </Link>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
