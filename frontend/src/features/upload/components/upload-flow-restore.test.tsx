// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, stubFetch } from '@/test/render';

import {
  PENDING_RATING_STORAGE_KEY,
  readSavedRating,
  SAVED_RATING_STORAGE_KEY,
  saveRating,
} from '../pending-rating';
import { A_RATING } from '../rating-fixture';
import type { RatingResult } from '../types';
import { UploadFlow } from './upload-flow';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const result: RatingResult = { ...A_RATING, rater: 'openai', heldForReview: false };

function photo() {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'feet.jpg', { type: 'image/jpeg' });
}

const renderFlow = () => renderPage(<UploadFlow isSignedIn={false} isSessionLoading={false} />);

describe('UploadFlow, after a reload', () => {
  it('given an upload was rated, when the page opens again, shows the same result', async () => {
    stubFetch((url) => (url === '/api/upload' ? answer(200, result) : answer(204, null)));
    const first = await renderFlow();
    await first.user.upload(screen.getByLabelText('Choose a photo'), photo());
    await screen.findByRole('button', { name: 'Post to Leaderboard' });
    cleanup();

    await renderFlow();

    await screen.findByRole('button', { name: 'Post to Leaderboard' });
    expect(screen.getAllByText('Nicely aligned toes with a tidy pedicure.').length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByLabelText('Choose a photo')).toBeNull();
  });

  it('given a restored result, when "Upload Another" is chosen, forgets it', async () => {
    stubFetch(() => answer(204, null));
    saveRating(result);
    const { user } = await renderFlow();

    await user.click(await screen.findByRole('button', { name: 'Upload Another' }));

    screen.getByLabelText('Choose a photo');
    expect(readSavedRating()).toEqual({ status: 'absent' });
  });

  it('given an expired saved rating, shows the upload card and clears it', async () => {
    stubFetch(() => answer(204, null));
    saveRating(result, Date.now() - 25 * 60 * 60 * 1000);

    await renderFlow();

    screen.getByLabelText('Choose a photo');
    await waitFor(() => expect(localStorage.getItem(SAVED_RATING_STORAGE_KEY)).toBeNull());
  });

  it('given invalid saved data, clears it and says so in the spec’s words', async () => {
    stubFetch(() => answer(204, null));
    localStorage.setItem(SAVED_RATING_STORAGE_KEY, '{"rating":');

    await renderFlow();

    await findToast('Invalid saved rating');
    await findToast('Please upload a new photo to get rated.');
    screen.getByLabelText('Choose a photo');
    expect(localStorage.getItem(SAVED_RATING_STORAGE_KEY)).toBeNull();
  });

  it('given a rating the older version kept in sessionStorage, shows it once more', async () => {
    stubFetch(() => answer(204, null));
    const { rater: _rater, heldForReview: _held, ...eight } = result;
    sessionStorage.setItem(PENDING_RATING_STORAGE_KEY, JSON.stringify(eight));

    await renderFlow();

    await screen.findByRole('button', { name: 'Post to Leaderboard' });
    expect(sessionStorage.getItem(PENDING_RATING_STORAGE_KEY)).toBeNull();
  });

  it('given a photo its member already posted, when they post it again, says so instead of "try again"', async () => {
    stubFetch((url) =>
      url === '/api/upload'
        ? answer(200, result)
        : url === '/api/posts/publish'
          ? answer(409, { message: 'You have already posted this photo.' })
          : answer(204, null),
    );
    const view = await renderPage(<UploadFlow isSignedIn isSessionLoading={false} />);
    await view.user.upload(screen.getByLabelText('Choose a photo'), photo());
    await view.user.click(await screen.findByRole('button', { name: 'Post to Leaderboard' }));

    await findToast('Failed to post');
    await screen.findByText('You have already posted this photo.');
    expect(screen.queryByText(/Please try again/)).toBeNull();
  });
});
