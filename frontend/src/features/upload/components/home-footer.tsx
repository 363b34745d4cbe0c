import { RouteLink, type RoutePath } from '@/components/route-link';

interface FooterLink {
  label: string;
  to: RoutePath;
}

const SITE_LINKS: FooterLink[] = [
  { label: 'Leaderboard', to: '/leaderboard' },
  { label: 'Boost', to: '/boost' },
  { label: 'Terms of Service', to: '/termsofservice' },
  { label: 'Privacy Policy', to: '/privacypolicy' },
];

const VISITOR_LINKS: FooterLink[] = [
  { label: 'Login', to: '/login' },
  { label: 'Register', to: '/register' },
];

/**
 * Spec §2's footer links; Login and Register only for a visitor known to be signed out (not to
 * a member, and not while the session is still being checked, so they never flash for one).
 */
function footerLinks(session: 'signed-in' | 'signed-out' | 'checking'): FooterLink[] {
  return session === 'signed-out' ? [...SITE_LINKS, ...VISITOR_LINKS] : SITE_LINKS;
}

const CURRENT_YEAR = new Date().getFullYear();

export function HomeFooter({ session }: { session: 'signed-in' | 'signed-out' | 'checking' }) {
  return (
    <footer className="border-t">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
        <p>© {CURRENT_YEAR} SoleScore. For entertainment only. Adults 18+. Feet only.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {footerLinks(session).map((link) => (
              <li key={link.to}>
                <RouteLink
                  to={link.to}
                  className="rounded-sm underline-offset-4 hover:text-foreground hover:underline"
                >
                  {link.label}
                </RouteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
