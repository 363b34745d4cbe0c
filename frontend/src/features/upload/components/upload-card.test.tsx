// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { UploadCard } from './upload-card';

afterEach(cleanup);

const REFUSAL = 'We found a face in this photo. Photos must show only feet.';

function renderCard(refusal: string | null, onFileSelected = vi.fn()) {
  render(
    <UploadCard
      onFileSelected={onFileSelected}
      onDirectFileSelected={vi.fn()}
      onDirectPostDenied={vi.fn()}
      canPostDirectly
      busy={null}
      previewUrl={null}
      refusal={refusal}
    />,
  );
}

describe('UploadCard', () => {
  it('shows why the server refused the last photo, tied to the file input', () => {
    renderCard(REFUSAL);
    expect(screen.getByRole('alert').textContent).toBe(REFUSAL);
    const input = screen.getByLabelText('Choose a photo');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described).toContain(screen.getByRole('alert').id);
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
