// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { UploadCard } from './upload-card';

afterEach(cleanup);

const REFUSAL = 'We found a face in this photo. Photos must show only feet.';

function renderCard(refusal: string | null) {
  render(
    <UploadCard
      onFileSelected={vi.fn()}
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
});
