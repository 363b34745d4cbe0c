// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ownPost } from '@/test/own-post';
import { answer, renderPage, stubFetch } from '@/test/render';

import { OwnPostGrid } from './own-post-grid';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const post = ownPost();

describe('own posts', () => {
  it('opens a live post’s page from its card', async () => {
    await renderPage(<OwnPostGrid posts={[post]} />);
    const link = await screen.findByRole('link', { name: /Your post from/ });
    expect(link.getAttribute('href')).toBe(`/post/${post.id}`);
  });

  it('shows a removed post as removed by a moderator, with the reason, opening nothing', async () => {
    const removed = {
      ...post,
      removed: true,
      isPublic: false,
      removalReason: 'This photo shows a face',
    };
    await renderPage(<OwnPostGrid posts={[removed]} />);
    const card = await screen.findByRole('article', { name: /removed by a moderator/ });
    expect(within(card).getByText('Removed by a moderator')).toBeTruthy();
    expect(within(card).getByText('Reason: This photo shows a face')).toBeTruthy();
    expect(within(card).queryByText('Waiting for approval')).toBeNull();
    expect(within(card).queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('given counts of one, writes each noun in the singular', async () => {
    await renderPage(
      <OwnPostGrid posts={[{ ...post, voteCount: 1, likesCount: 1, commentsCount: 1 }]} />,
    );
    const counts = await screen.findByRole('list', { name: 'Counts' });
    expect(within(counts).getByText('1 vote')).toBeTruthy();
    expect(within(counts).getByText('1 like')).toBeTruthy();
    expect(within(counts).getByText('1 comment')).toBeTruthy();
  });

  it('given member votes, when shown, then the card carries their average and count', async () => {
    await renderPage(<OwnPostGrid posts={[{ ...post, voteCount: 12, communityAverage: '6.8' }]} />);
    const counts = await screen.findByRole('list', { name: 'Counts' });
    expect(counts.textContent).toContain('6.8 (12)');
    expect(counts.textContent).toContain("Members' average 6.8 from 12 votes");
  });

  it('given a post waiting for an admin, says it waits for approval', async () => {
    await renderPage(
      <OwnPostGrid posts={[{ ...post, heldForReview: true, isModerated: false }]} />,
    );
    expect(await screen.findByText('Waiting for approval')).toBeTruthy();
  });

  it('given deleting fails, says "Failed to Delete" with the reason inside the dialog, which stays open', async () => {
    stubFetch(() => answer(409, { message: 'This post is boosted' }));
    const { user } = await renderPage(<OwnPostGrid posts={[post]} />);
    await user.click(await screen.findByRole('button', { name: /^Delete post from/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to Delete. This post is boosted',
    );
    expect(screen.getAllByText('This post is boosted', { exact: false })).toHaveLength(1);
  });
});
