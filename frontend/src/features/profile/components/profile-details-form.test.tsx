// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, sentBody, stubFetch } from '@/test/render';

import { CURRENT_PROFILE_QUERY_KEY } from '../api/get-current-profile';
import type { EditableProfile } from '../types';
import { ProfileDetailsForm } from './profile-details-form';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

const profile: EditableProfile = {
  id: 'u1',
  anonymousUsername: 'SunnySoles',
  displayUsername: 'sunny',
  bio: 'Sandals all year round.',
  socialLinks: { instagram: '@sunny.soles' },
  profilePictureUrl: null,
};

async function renderForm(reply: () => Response) {
  const fetchMock = stubFetch(reply);
  const onSaved = vi.fn();
  const page = await renderPage(<ProfileDetailsForm profile={profile} onSaved={onSaved} />);
  return {
    ...page,
    fetchMock,
    onSaved,
    displayName: screen.getByLabelText('Display Username') as HTMLInputElement,
    bio: screen.getByLabelText('Bio') as HTMLTextAreaElement,
    instagram: screen.getByLabelText('Instagram') as HTMLInputElement,
    tiktok: screen.getByLabelText('TikTok') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Save Profile' }),
  };
}

describe('ProfileDetailsForm', () => {
  it('starts from the profile and counts the bio’s characters', async () => {
    const { user, displayName, bio, instagram } = await renderForm(() => answer(200, profile));
    expect(displayName.value).toBe('sunny');
    expect(instagram.value).toBe('@sunny.soles');
    expect(screen.getByText(/^23\/500/).textContent).toBe('23/500 characters');

    await user.type(bio, '!');
    expect(screen.getByText(/^24\/500/)).toBeTruthy();
    expect(bio.getAttribute('aria-describedby')).toBe(screen.getByText(/^24\/500/).id);
  });

  it('sends blank text as null and leaves empty links out, then shows what was saved', async () => {
    const saved: EditableProfile = {
      ...profile,
      displayUsername: null,
      bio: null,
      socialLinks: { tiktok: 'sunnysoles' },
    };
    const { user, fetchMock, onSaved, displayName, bio, instagram, tiktok, submit, queryClient } =
      await renderForm(() => answer(200, saved));
    await user.clear(displayName);
    await user.type(displayName, '   ');
    await user.clear(bio);
    await user.clear(instagram);
    await user.type(tiktok, ' sunnysoles ');
    await user.click(submit);

    await findToast('Profile Updated');
    expect(sentBody(fetchMock, '/api/user/profile')).toEqual({
      displayUsername: null,
      bio: null,
      socialLinks: { tiktok: 'sunnysoles' },
    });
    expect(onSaved.mock.calls[0]?.[0]).toEqual(saved);
    expect(queryClient.getQueryData(CURRENT_PROFILE_QUERY_KEY)).toEqual(saved);
    // The form shows the server's version of the profile.
    expect([displayName.value, bio.value, tiktok.value]).toEqual(['', '', 'sunnysoles']);
  });

  it('is busy while saving', async () => {
    let settle: (response: Response) => void = () => {};
    const answered = new Promise<Response>((resolve) => (settle = resolve));
    const fetchMock = stubFetch(() => answered);
    const { user } = await renderPage(<ProfileDetailsForm profile={profile} onSaved={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    settle(answer(200, profile));
    await screen.findByRole('button', { name: 'Save Profile' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tells a refused save in a toast and keeps what was typed', async () => {
    let reply = answer(409, { message: 'This display name is taken' });
    const { user, displayName, submit, onSaved } = await renderForm(() => reply);
    await user.clear(displayName);
    await user.type(displayName, 'taken_name');
    await user.click(submit);
    await findToast('Error');
    await findToast('This display name is taken');

    reply = new Response('', { status: 500 });
    await user.click(submit);
    await findToast('Failed to update profile');
    await waitFor(() => expect(displayName.value).toBe('taken_name'));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
