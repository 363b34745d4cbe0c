// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';

import { SiteHeader } from './site-header';

afterEach(cleanup);

const user = { name: 'SunnySoles', avatarSeed: 'u1', isAdmin: false };

describe('SiteHeader', () => {
  it('shows the boost badge and the account menu in the header bar and in the mobile menu', async () => {
    const { user: actor } = await renderPage(
      <SiteHeader
        user={user}
        isSessionLoading={false}
        themeToggle={null}
        accountMenu={(_user, place) => <span>{`account in ${place}`}</span>}
        boostBadge={(place) => <button type="button">{`badge in ${place}`}</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'badge in header' })).toBeTruthy();
    await actor.click(screen.getByRole('button', { name: 'Open menu' }));
    const menus = screen.getAllByRole('navigation', { name: 'Main' });
    expect(within(menus[1]!).getByRole('button', { name: 'badge in menu' })).toBeTruthy();
    expect(screen.getByText('account in header')).toBeTruthy();
    expect(within(menus[1]!).getByText('account in menu')).toBeTruthy();
  });

  it('links Boost to /boost for everyone', async () => {
    await renderPage(
      <SiteHeader
        user={null}
        isSessionLoading={false}
        themeToggle={null}
        accountMenu={() => {
          throw new Error('not asked for while signed out');
        }}
      />,
    );
    const [desktopBoost] = screen.getAllByRole('link', { name: 'Boost' });
    expect(desktopBoost!.getAttribute('href')).toBe('/boost');
  });
});
