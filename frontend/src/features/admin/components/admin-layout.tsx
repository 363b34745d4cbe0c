import { Link } from '@tanstack/react-router';
import {
  BarChart3,
  CreditCard,
  Flag,
  Hourglass,
  ImageIcon,
  LogOut,
  Menu,
  MessageSquare,
  Network,
  Rocket,
  ScrollText,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';

import { LogoWordmark } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';

import type { Admin } from '../types';

type AdminPath =
  | '/rtm-sys/posts'
  | '/rtm-sys/held'
  | '/rtm-sys/comments'
  | '/rtm-sys/reports'
  | '/rtm-sys/boosts'
  | '/rtm-sys/users'
  | '/rtm-sys/admins'
  | '/rtm-sys/payments'
  | '/rtm-sys/statistics'
  | '/rtm-sys/clusters'
  | '/rtm-sys/audit';

/** Spec §2 "Admin": the eight admin pages, the held-for-review queue, the sign-up clusters and the audit log. */
export const ADMIN_NAV_ITEMS: readonly { label: string; to: AdminPath; icon: LucideIcon }[] = [
  { label: 'Posts', to: '/rtm-sys/posts', icon: ImageIcon },
  { label: 'Held posts', to: '/rtm-sys/held', icon: Hourglass },
  { label: 'Comments', to: '/rtm-sys/comments', icon: MessageSquare },
  { label: 'Reports', to: '/rtm-sys/reports', icon: Flag },
  { label: 'Boosts', to: '/rtm-sys/boosts', icon: Rocket },
  { label: 'Users', to: '/rtm-sys/users', icon: Users },
  { label: 'Admins', to: '/rtm-sys/admins', icon: ShieldCheck },
  { label: 'Payments', to: '/rtm-sys/payments', icon: CreditCard },
  { label: 'Statistics', to: '/rtm-sys/statistics', icon: BarChart3 },
  { label: 'Clusters', to: '/rtm-sys/clusters', icon: Network },
  { label: 'Audit log', to: '/rtm-sys/audit', icon: ScrollText },
];

interface AdminLayoutProps {
  admin: Admin;
  onLogout: () => void;
  isLoggingOut: boolean;
  themeToggle?: ReactNode;
  children: ReactNode;
}

function SidebarContents({
  admin,
  onLogout,
  isLoggingOut,
  themeToggle,
  onNavigate,
}: Omit<AdminLayoutProps, 'children'> & { onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <div className="flex items-center gap-2 px-2 pt-1">
        <LogoWordmark />
        <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground">
          Admin
        </span>
      </div>
      <nav aria-label="Admin" className="flex-1">
        <ul className="flex flex-col gap-1">
          {ADMIN_NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onNavigate}
                className="flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
                activeProps={{ className: 'bg-accent text-accent-foreground' }}
              >
                <item.icon className="size-4 shrink-0" aria-hidden="true" />
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-3 border-t pt-4">
        <div className="flex items-center justify-between gap-2 px-2">
          <div className="min-w-0">
            <p className="text-xs text-muted-foreground">Signed in as</p>
            <p className="truncate font-semibold" data-testid="admin-username">
              {admin.username}
            </p>
          </div>
          {themeToggle}
        </div>
        <PendingButton
          variant="outline"
          onClick={onLogout}
          pending={isLoggingOut}
          icon={<LogOut aria-hidden="true" />}
          className="w-full"
        >
          Logout
        </PendingButton>
      </div>
    </div>
  );
}

/**
 * Spec §2: a fixed sidebar with the eight admin links, the admin's username and Logout; on small
 * screens the same in a slide-out drawer.
 */
export function AdminLayout(props: AdminLayoutProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { children, ...sidebar } = props;

  return (
    <div className="min-h-dvh bg-background lg:flex">
      <a
        href="#admin-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* The column runs the page's whole height (its background with it); the sidebar in it
          stays in view as the page scrolls. */}
      <div className="hidden w-64 shrink-0 border-r bg-card text-card-foreground lg:block">
        <aside aria-label="Admin sidebar" className="sticky top-0 h-dvh">
          <SidebarContents {...sidebar} />
        </aside>
      </div>

      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur lg:hidden">
        <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Open admin menu">
              <Menu aria-hidden="true" />
            </Button>
          </SheetTrigger>
          <SheetContent side="left" className="p-0">
            <SheetTitle className="sr-only">Admin menu</SheetTitle>
            <SheetDescription className="sr-only">
              Admin pages, your account and logout
            </SheetDescription>
            <SidebarContents {...sidebar} onNavigate={() => setDrawerOpen(false)} />
          </SheetContent>
        </Sheet>
        <LogoWordmark />
        <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground">
          Admin
        </span>
      </header>

      <main
        id="admin-content"
        tabIndex={-1}
        className="px-4 py-8 outline-none sm:px-6 lg:min-w-0 lg:flex-1 lg:px-10 lg:py-10"
      >
        <div className="mx-auto w-full max-w-5xl">{children}</div>
      </main>
    </div>
  );
}
