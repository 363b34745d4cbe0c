// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, renderPage, stubFetch } from '@/test/render';

import { UploadFlow } from './upload-flow';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

const REFUSAL = 'We found a face in this photo. Photos must show only feet.';

function photo() {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'feet.jpg', { type: 'image/jpeg' });
}

describe('UploadFlow', () => {
  it('given the server refuses a photo, says why once, by the upload control, with no toast', async () => {
    stubFetch(() => answer(422, { message: REFUSAL }));
    const { user } = await renderPage(<UploadFlow isSignedIn={false} isSessionLoading={false} />);

    await user.upload(screen.getByLabelText('Choose a photo'), photo());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Upload Failed: ${REFUSAL}`);
    expect(screen.queryAllByText('Upload Failed')).toEqual([]);
    expect(within(screen.getByRole('region')).queryAllByRole('status')).toEqual([]);
  });

  it('given the upload fails with no message, says the spec’s default by the control', async () => {
    stubFetch(() => new Response(null, { status: 502 }));
    const { user } = await renderPage(<UploadFlow isSignedIn={false} isSessionLoading={false} />);

    await user.upload(screen.getByLabelText('Choose a photo'), photo());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Upload Failed: Upload failed. Please try again.');
    expect(screen.queryAllByText('Upload Failed')).toEqual([]);
  });
});
