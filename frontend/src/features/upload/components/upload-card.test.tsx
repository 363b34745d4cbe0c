// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { UPLOAD_CONFIRMATION, UploadCard } from './upload-card';

afterEach(cleanup);

const REFUSAL = 'We found a face in this photo. Photos must show only feet.';

function renderCard(message: string | null, onFileSelected = vi.fn(), refusalStrike = false) {
  render(
    <UploadCard
      onFileSelected={onFileSelected}
      onDirectFileSelected={vi.fn()}
      onDirectPostDenied={vi.fn()}
      canPostDirectly
      busy={null}
      previewUrl={null}
      refusal={message === null ? null : `Upload Failed: ${message}`}
      refusalStrike={refusalStrike}
    />,
  );
}

describe('UploadCard', () => {
  it('says that choosing a photo confirms it is the member’s own feet and nothing else, tied to the file input', () => {
    renderCard(null);
    const confirmation = screen.getByText(UPLOAD_CONFIRMATION);
    const described = screen.getByLabelText('Choose a photo').getAttribute('aria-describedby');
    expect(described?.split(' ')).toContain(confirmation.id);
  });

  it('shows why the server refused the last photo, tied to the file input', () => {
    renderCard(REFUSAL);
    expect(screen.getByRole('alert').textContent).toBe(`Upload Failed: ${REFUSAL}`);
    const input = screen.getByLabelText('Choose a photo');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described).toContain(screen.getByRole('alert').id);
  });

  it('links the moderation rules beside a refusal that counts as a strike', () => {
    const message = `${REFUSAL} This counts as a strike: 1 of 3 in 30 days.`;
    renderCard(message, vi.fn(), true);
    expect(screen.getByRole('alert').textContent).toBe(
      `Upload Failed: ${message} Read our moderation rules`,
    );
    expect(
      screen.getByRole('link', { name: 'Read our moderation rules' }).getAttribute('href'),
    ).toBe('/termsofservice#moderation');
  });

  it('links no rules beside a refusal that is not a strike', () => {
    renderCard(REFUSAL);
    expect(screen.queryByRole('link', { name: 'Read our moderation rules' })).toBeNull();
  });

  it('shows no alert when nothing was refused', () => {
    renderCard(null);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Choose a photo').getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a file over 10 MB in the browser, sending nothing', async () => {
    const onFileSelected = vi.fn();
    renderCard(null, onFileSelected);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Choose a photo'), big);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Images must be 10 MB or smaller. Please choose a smaller photo.',
    );
    expect(onFileSelected).not.toHaveBeenCalled();
  });
});
