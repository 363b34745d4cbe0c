import { targetPath, TargetLink, type LinkTarget } from '@/components/app-link';

const FOOTER_LINKS: ({ label: string } & LinkTarget)[] = [
  { label: 'Leaderboard', to: '/leaderboard' },
  { label: 'Boost', to: '/boost' },
  { label: 'Terms of Service', to: '/termsofservice' },
  { label: 'Privacy Policy', to: '/privacypolicy' },
  { label: 'Login', to: '/login' },
  { label: 'Register', to: '/register' },
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
              <li key={targetPath(link)}>
                <TargetLink
                  target={link}
                  className="rounded-sm underline-offset-4 hover:text-foreground hover:underline"
                >
                  {link.label}
                </TargetLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
