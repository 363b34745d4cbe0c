// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ThemeProvider } from './theme-provider';
import { ThemeToggle } from './theme-toggle';

/** A stand-in for the system's `(prefers-color-scheme: dark)`, switched by the test. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    switchTo(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

function renderToggle() {
  render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ThemeProvider', () => {
  it('follows the system until the user picks, live when the system changes', () => {
    const system = fakeSystem(true);
    renderToggle();
    expect(isDark()).toBe(true);
    system.switchTo(false);
    expect(isDark()).toBe(false);
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
    system.switchTo(true);
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('keeps the picked theme whatever the system does, and remembers it', async () => {
    const system = fakeSystem(false);
    renderToggle();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    system.switchTo(false);
    expect(isDark()).toBe(true);
  });

  it('starts from a theme picked earlier over the system’s', () => {
    localStorage.setItem('theme', 'light');
    fakeSystem(true);
    renderToggle();
    expect(isDark()).toBe(false);
  });
});
