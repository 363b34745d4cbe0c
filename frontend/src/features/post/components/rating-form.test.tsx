// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { formatCountsFrom } from '@/lib/counts-from';

import { RatingForm } from './rating-form';

afterEach(cleanup);

function renderForm(props: Partial<Parameters<typeof RatingForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(<RatingForm currentRating={null} pending={false} onSubmit={onSubmit} {...props} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('RatingForm', () => {
  it('offers the integers 0 to 10', () => {
    renderForm();
    const options = screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value);
    expect(options).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('cannot be submitted before a score is selected', async () => {
    const { onSubmit, user } = renderForm();
    const submit = screen.getByRole('button', { name: 'Select a score to rate' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the selected score', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('radio', { name: '7' }));
    await user.click(screen.getByRole('button', { name: 'Submit rating: 7/10' }));
    expect(onSubmit).toHaveBeenCalledWith(7);
  });

  it('accepts 0 as a score', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('radio', { name: '0' }));
    await user.click(screen.getByRole('button', { name: 'Submit rating: 0/10' }));
    expect(onSubmit).toHaveBeenCalledWith(0);
  });

  it('can be used with the keyboard', async () => {
    const { onSubmit, user } = renderForm();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '0' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect((screen.getByRole('radio', { name: '3' }) as HTMLInputElement).checked).toBe(true);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith(3);
  });

  it('shows the viewer’s earlier rating instead of the form', () => {
    renderForm({ currentRating: 9 });
    expect(screen.getByRole('status').textContent).toContain('You rated this post 9/10');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });

  it('given a new account’s rating that waits, when shown, then it reads as pending with its moment and why', () => {
    renderForm({ currentRating: 6, countsFrom: '2026-11-28T21:14:00.000Z' });
    const status = screen.getByRole('status').textContent ?? '';
    expect(status).toContain(
      `Your 6/10 counts from ${formatCountsFrom('2026-11-28T21:14:00.000Z')}.`,
    );
    expect(status).toContain("New accounts' votes count after 24 hours, to keep the boards fair.");
    expect(status).not.toContain('Thanks for voting');
  });

  it('given a new account before it votes, when shown, then it says when a rating given now would count', () => {
    renderForm({ newRatingCountsFrom: '2026-11-30T09:00:00.000Z' });
    const hint = screen.getByText(/^Pick a score from 0 to 10/).textContent ?? '';
    expect(hint).toContain(
      `New accounts' votes count after 24 hours, to keep the boards fair: yours counts from ${formatCountsFrom('2026-11-30T09:00:00.000Z')}.`,
    );
    expect(screen.getAllByRole('radio')).toHaveLength(11);
  });

  it('is busy while the rating is sent', () => {
    renderForm({ pending: true });
    expect((screen.getByRole('button', { name: /Submitting/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
