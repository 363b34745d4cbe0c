import { Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

import { AgeGate } from '@/features/gate/components/age-gate';
import { SiteHeader } from '@/features/header/components/site-header';
import { profileName } from '@/features/profile/profile-name';
import { useSession } from '@/features/session/api/get-session';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

// Only members can be suspended from posting: visitors never download the notice.
const PostingSuspensionBanner = lazy(() =>
  import('@/features/strikes/components/posting-suspension-banner').then((module) => ({
    default: module.PostingSuspensionBanner,
  })),
);

// Only members see the account menu: visitors never download it (see signed-in-account).
const SignedInAccount = lazy(() => import('./signed-in-account'));

// Only members not yet verified see it: visitors never download it.
const VerificationBanner = lazy(() =>
  import('@/features/session/components/verification-banner').then((module) => ({
    default: module.VerificationBanner,
  })),
);

// Only members can have unused boosts: visitors never download the badge.
const UnusedBoostsBadge = lazy(() =>
  import('@/features/boost/components/unused-boosts-badge').then((module) => ({
    default: module.UnusedBoostsBadge,
  })),
);

const VERIFYING_PATHS = ['/verify-email', '/register'];

/** The public site: skip link, header with the session, the page, and the age gate over it. */
export function SiteLayout() {
  const { user, isLoading } = useSession();
  const pathname = useLocation({ select: (location) => location.pathname });
  // Every page but the two that are about verifying already (the link, the sign-up's card).
  const needsVerifying =
    user !== null && !user.emailVerified && !VERIFYING_PATHS.includes(pathname);

  const headerUser = user
    ? {
        name: profileName(user),
        avatarSeed: user.id,
        profilePictureUrl: user.profilePictureUrl,
        isAdmin: user.isAdmin,
      }
    : null;

  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader
          user={headerUser}
          isSessionLoading={isLoading}
          themeToggle={<ThemeToggle />}
          accountMenu={(signedIn, place, onClose) => (
            <SignedInAccount user={signedIn} place={place} onClose={onClose} />
          )}
          boostBadge={(place, onOpen) =>
            user ? (
              <Suspense fallback={null}>
                <UnusedBoostsBadge signedIn variant={place} onOpen={onOpen} />
              </Suspense>
            ) : null
          }
        />
        <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          {needsVerifying ? (
            <Suspense fallback={null}>
              <VerificationBanner email={user.email} />
            </Suspense>
          ) : null}
          {user ? (
            <Suspense fallback={null}>
              <PostingSuspensionBanner />
            </Suspense>
          ) : null}
          <Outlet />
        </main>
      </div>
      <AgeGate />
    </>
  );
}
