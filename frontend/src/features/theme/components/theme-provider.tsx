import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { localStore } from '@/lib/storage';

import { THEME_STORAGE_KEY, ThemeContext, type Theme } from '../theme-context';

/** The operating system's preference, as index.html's script reads it before first paint. */
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme the user picked, or null while none was (the system's is followed). */
function readChoice(): Theme | null {
  const stored = localStore.get(THEME_STORAGE_KEY);
  return stored === 'dark' || stored === 'light' ? stored : null;
}

function darkQuery(): MediaQueryList | null {
  // None on the server's render (no window): the light theme there (see ThemeToggle).
  return globalThis.matchMedia?.(DARK_QUERY) ?? null;
}

function systemTheme(): Theme {
  return darkQuery()?.matches ? 'dark' : 'light';
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.style.colorScheme = theme;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#0c0a09' : '#fafaf9');
}

/**
 * The operating system's theme, followed live when it changes, until the user picks one with
 * the toggle; the pick is remembered in localStorage under `theme` (and taken up by the site's
 * other tabs). index.html's inline script applies the same rule before first paint.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<Theme | null>(readChoice);
  const [system, setSystem] = useState<Theme>(systemTheme);
  const theme = choice ?? system;

  useEffect(() => {
    const query = darkQuery();
    const onSystemChange = () => setSystem(query?.matches ? 'dark' : 'light');
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) setChoice(readChoice());
    };
    query?.addEventListener('change', onSystemChange);
    window.addEventListener('storage', onStorage);
    return () => {
      query?.removeEventListener('change', onSystemChange);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  const setTheme = useCallback((next: Theme) => {
    localStore.set(THEME_STORAGE_KEY, next);
    setChoice(next);
  }, []);

  const toggleTheme = useCallback(() => {
    setTheme(theme === 'dark' ? 'light' : 'dark');
  }, [setTheme, theme]);

  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
