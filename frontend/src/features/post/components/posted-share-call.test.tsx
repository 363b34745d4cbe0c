// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';

import { PostedShareCall } from './posted-share-call';

afterEach(cleanup);

describe('PostedShareCall', () => {
  it('given a post just published, when its page opens, then it calls to share the score with a share button', async () => {
    await renderPage(<PostedShareCall postId="p-1" rating="7.7" />);
    const call = screen.getByRole('region', { name: 'Share your score' });
    expect(within(call).getByText('Your 7.7/10 is live: send it to friends.')).toBeTruthy();
    expect(within(call).getByRole('button', { name: /share/i })).toBeTruthy();
  });
});
