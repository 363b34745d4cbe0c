import { AppLink } from '@/components/app-link';

const FOOTER_LINKS = [
  { label: 'Leaderboard', href: '/leaderboard' },
  { label: 'Boost', href: '/boost' },
  { label: 'Terms of Service', href: '/termsofservice' },
  { label: 'Privacy Policy', href: '/privacypolicy' },
  { label: 'Login', href: '/login' },
  { label: 'Register', href: '/register' },
];

const CURRENT_YEAR = new Date().getFullYear();

export function HomeFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
        <p>© {CURRENT_YEAR} SoleScore. For entertainment only. Adults 18+. Feet only.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <AppLink
                  href={link.href}
                  className="rounded-sm underline-offset-4 hover:text-foreground hover:underline"
                >
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
