import { Moon, Sun } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';

import { useTheme } from '../theme-context';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  // A server-rendered page is drawn light: its label says so until it is hydrated.
  const isDark = useHydrated() && theme === 'dark';
  const label = isDark ? 'Switch to light theme' : 'Switch to dark theme';

  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label} title={label}>
      {/* Both icons, the document's theme picks one: right from the server-rendered page on. */}
      {/* Lucide hides its icons from assistive technology itself (aria-hidden). */}
      <Sun className="hidden dark:block" />
      <Moon className="dark:hidden" />
    </Button>
  );
}
