// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, stubFetch } from '@/test/render';

import type { AdminAccount } from '../types';
import { AdminsAdmin } from './admins-admin';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

const root: AdminAccount = {
  id: 'a-1',
  username: 'root_admin',
  status: 'active',
  createdAt: '2026-11-22T10:00:00.000Z',
  lastSignedInAt: '2026-11-23T08:00:00.000Z',
};
const second: AdminAccount = { ...root, id: 'a-2', username: 'second_admin' };
const list = { items: [root, second], total: 2, page: 1, pageSize: 25 };

/** The server as the Admins page meets it; `post` answers the actions. */
function server(post: (url: string, body: Record<string, unknown>) => Response) {
  return stubFetch((url, init) => {
    if (url === '/api/rtm-sys/me') return answer(200, { id: root.id, username: root.username });
    if (init?.method === 'POST') {
      return post(url, JSON.parse(String(init.body)) as Record<string, unknown>);
    }
    return answer(200, list);
  });
}

const posted = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body)) as unknown]);

describe('the Admins page', () => {
  it('asks for the current password to disable an admin, and shows a wrong one beside it', async () => {
    let refuse = true;
    const fetchMock = server(() =>
      refuse
        ? answer(400, { message: 'Your current password is incorrect' })
        : answer(200, { success: true }),
    );
    const { user } = await renderPage(<AdminsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('second_admin')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable second_admin' });

    // Without the current password nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    const current = within(dialog).getByLabelText('Your current password');
    expect(await within(dialog).findByText('Please enter your current password')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(current);
    expect(posted(fetchMock)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Left the team');
    await user.type(current, 'not my password');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText('Your current password is incorrect')).toBeTruthy();

    refuse = false;
    await user.clear(current);
    await user.type(current, 'a long admin password');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await findToast('second_admin is disabled')).toBeTruthy();
    expect(posted(fetchMock)).toEqual([
      [
        '/api/rtm-sys/admins/a-2/disable',
        { reason: 'Left the team', currentPassword: 'not my password' },
      ],
      [
        '/api/rtm-sys/admins/a-2/disable',
        { reason: 'Left the team', currentPassword: 'a long admin password' },
      ],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('changes one’s own password with the current one, and offers no way to disable oneself', async () => {
    const fetchMock = server(() => answer(200, { success: true }));
    const { user } = await renderPage(<AdminsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('root_admin')).closest('tr')!;
    await within(row).findByRole('button', { name: 'Change password' });
    expect(within(row).queryByRole('button', { name: 'Disable' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await user.type(within(dialog).getByLabelText('New password'), 'short');
    await user.type(
      within(dialog).getByLabelText('Your current password'),
      'a long admin password',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(
      await within(dialog).findByText('An admin password is 12 to 256 characters'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('New password'), ' and now long');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await findToast('Your password is changed')).toBeTruthy();
    expect(posted(fetchMock)).toEqual([
      [
        '/api/rtm-sys/admins/a-1/password',
        { password: 'short and now long', currentPassword: 'a long admin password' },
      ],
    ]);
  });

  it('creates an admin with the current password, and shows what the server refused', async () => {
    const fetchMock = server((_url, body) =>
      body.username === 'taken_admin'
        ? answer(409, { message: 'This admin username is already taken' })
        : answer(200, { id: 'a-3' }),
    );
    const { user } = await renderPage(<AdminsAdmin search={{}} setSearch={vi.fn()} />);
    const form = await screen.findByRole('form', { name: 'Create an admin' });
    await user.type(within(form).getByLabelText('Username'), 'taken_admin');
    await user.type(within(form).getByLabelText('Password'), 'a new admin password');
    await user.click(within(form).getByRole('button', { name: 'Create admin' }));
    expect(await within(form).findByText('Please enter your current password')).toBeTruthy();
    expect(posted(fetchMock)).toEqual([]);

    await user.type(within(form).getByLabelText('Your current password'), 'a long admin password');
    await user.click(within(form).getByRole('button', { name: 'Create admin' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This admin username is already taken',
    );

    await user.clear(within(form).getByLabelText('Username'));
    await user.type(within(form).getByLabelText('Username'), 'third_admin');
    await user.click(within(form).getByRole('button', { name: 'Create admin' }));
    expect(await findToast('Admin created')).toBeTruthy();
    expect(posted(fetchMock).at(-1)).toEqual([
      '/api/rtm-sys/admins',
      {
        username: 'third_admin',
        password: 'a new admin password',
        currentPassword: 'a long admin password',
      },
    ]);
    expect((within(form).getByLabelText('Your current password') as HTMLInputElement).value).toBe(
      '',
    );
  });
});
