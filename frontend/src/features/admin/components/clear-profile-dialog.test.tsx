// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, renderPage, sentBody, stubFetch } from '@/test/render';

import type { AdminUser } from '../types';
import { UsersAdmin } from './users-admin';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

const member: AdminUser = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  email: 'sunny@example.com',
  anonymousUsername: 'SunnyOtter0427',
  displayUsername: 'Sunny_Soles',
  bio: 'Buy my pics at myfeet.shop',
  socialLinks: { instagram: '@sunny.soles', tiktok: '@sunny' },
  profilePictureUrl: '/uploads/ab/ab12.thumb.webp',
  isAdmin: false,
  emailVerified: true,
  status: 'active',
  statusReason: null,
  createdAt: '2026-11-22T09:00:00.000Z',
};
const page = { items: [member], total: 1, page: 1, pageSize: 25 };

describe('clearing a member’s profile from the users page', () => {
  it('lists the fields set, asks for a choice and a reason, and sends them', async () => {
    const fetchMock = stubFetch((_url, init) =>
      init?.method === 'POST' ? answer(200, { ...member, bio: null }) : answer(200, page),
    );
    const { user } = await renderPage(<UsersAdmin search={{}} setSearch={vi.fn()} />);
    await user.click(
      await screen.findByRole('button', { name: 'Clear profile fields of Sunny_Soles' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clear profile of Sunny_Soles' });
    expect(within(dialog).getByText('Buy my pics at myfeet.shop')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Clear selected' }));
    expect(await within(dialog).findByText('Please choose a field to clear')).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: /Bio/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Instagram/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear selected' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Advertising');
    await user.click(within(dialog).getByRole('button', { name: 'Clear selected' }));
    await vi.waitFor(() =>
      expect(sentBody(fetchMock, `/api/rtm-sys/users/${member.id}/profile/clear`)).toEqual({
        fields: ['bio', 'socialLinks.instagram'],
        reason: 'Advertising',
      }),
    );
  });

  it('given a refusal of the server, says it in the dialog, which stays open with the choice', async () => {
    stubFetch((_url, init) =>
      init?.method === 'POST'
        ? answer(404, { statusCode: 404, message: 'User not found' })
        : answer(200, page),
    );
    const { user } = await renderPage(<UsersAdmin search={{}} setSearch={vi.fn()} />);
    await user.click(
      await screen.findByRole('button', { name: 'Clear profile fields of Sunny_Soles' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clear profile of Sunny_Soles' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Bio/ }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Advertising');
    await user.click(within(dialog).getByRole('button', { name: 'Clear selected' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to clear the profile. User not found');
    expect(within(dialog).getByRole('checkbox', { name: /Bio/ })).toHaveProperty('checked', true);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('given no field ticked, when sent, says so by the fields (not the reason) and moves the focus to them', async () => {
    stubFetch(() => answer(200, page));
    const { user } = await renderPage(<UsersAdmin search={{}} setSearch={vi.fn()} />);
    await user.click(
      await screen.findByRole('button', { name: 'Clear profile fields of Sunny_Soles' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clear profile of Sunny_Soles' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear selected' }));

    const fields = within(dialog).getByRole('group', { name: 'Fields to clear' });
    const described = fields.getAttribute('aria-describedby');
    expect(described && document.getElementById(described)?.textContent).toBe(
      'Please choose a field to clear',
    );
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(
      within(dialog).getByRole('checkbox', { name: /Display name/ }),
    );

    await user.click(within(dialog).getByRole('checkbox', { name: /Bio/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear selected' }));
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(fields.getAttribute('aria-describedby')).toBeNull();
  });

  it('when closed with Escape, gives the focus back to the row’s Clear profile button', async () => {
    stubFetch(() => answer(200, page));
    const { user } = await renderPage(<UsersAdmin search={{}} setSearch={vi.fn()} />);
    const open = await screen.findByRole('button', { name: 'Clear profile fields of Sunny_Soles' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Clear profile of Sunny_Soles' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(open));
  });
});
