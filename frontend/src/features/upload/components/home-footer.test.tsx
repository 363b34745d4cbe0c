// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';

import { HomeFooter } from './home-footer';

afterEach(cleanup);

const linkNames = () =>
  within(screen.getByRole('navigation', { name: 'Footer' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('HomeFooter', () => {
  it('offers Login and Register to a signed-out visitor', async () => {
    await renderPage(<HomeFooter session="signed-out" />);
    expect(linkNames()).toEqual(expect.arrayContaining(['Login', 'Register', 'Leaderboard']));
  });

  it.each(['signed-in', 'checking'] as const)(
    'never offers Login or Register while %s',
    async (session) => {
      await renderPage(<HomeFooter session={session} />);
      expect(linkNames()).not.toContain('Login');
      expect(linkNames()).not.toContain('Register');
      expect(linkNames()).toContain('Privacy Policy');
    },
  );
});
