// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CommentForm, type CommentRefusal } from './comment-form';

afterEach(cleanup);

function renderForm(
  onSubmit: (text: string) => Promise<boolean | CommentRefusal> = async () => true,
) {
  const submit = vi.fn(onSubmit);
  render(
    <CommentForm
      label="Add a comment"
      placeholder="Add a comment..."
      submitLabel="Comment"
      pending={false}
      onSubmit={submit}
    />,
  );
  return {
    submit,
    user: userEvent.setup(),
    field: screen.getByLabelText('Add a comment') as HTMLTextAreaElement,
    button: screen.getByRole('button', { name: 'Comment' }) as HTMLButtonElement,
    counter: () => screen.getByText(/\/500/).textContent,
  };
}

describe('CommentForm', () => {
  it('counts characters up to 500', async () => {
    const { user, field, counter } = renderForm();
    expect(counter()).toBe('0/500 characters');
    await user.type(field, 'Nice toes');
    expect(counter()).toBe('9/500 characters');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('holds at most 500 characters', () => {
    const { field, counter } = renderForm();
    fireEvent.change(field, { target: { value: 'x'.repeat(520) } });
    expect(field.value).toHaveLength(500);
    expect(counter()).toBe('500/500 characters');
  });

  it('counts an emoji as one character, as the server does, and sends 500 of them', async () => {
    const { user, field, button, counter, submit } = renderForm();
    const feet = '🦶'.repeat(500);
    fireEvent.change(field, { target: { value: `${feet}🦶🦶` } });
    expect(field.value).toBe(feet);
    expect(counter()).toBe('500/500 characters');
    expect(field.maxLength).toBeGreaterThanOrEqual(feet.length);
    await user.click(button);
    expect(submit).toHaveBeenCalledWith(feet);
  });

  it('cannot send blank text', async () => {
    const { user, field, button, submit } = renderForm();
    expect(button.disabled).toBe(true);
    await user.type(field, '   ');
    expect(button.disabled).toBe(true);
    fireEvent.submit(field.form!);
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the trimmed text and clears after it was posted', async () => {
    const { user, field, button, submit } = renderForm();
    await user.type(field, '  Lovely arches!  ');
    expect(button.disabled).toBe(false);
    await user.click(button);
    expect(submit).toHaveBeenCalledWith('Lovely arches!');
    expect(field.value).toBe('');
  });

  it('keeps the text when posting failed', async () => {
    const { user, field, button } = renderForm(async () => false);
    await user.type(field, 'Try me');
    await user.click(button);
    expect(field.value).toBe('Try me');
  });

  it('shows why the server refused the comment under the text, keeps the text, and links the rules', async () => {
    const message =
      'Your comment was not posted: it contains language our community guidelines do not allow. Please rephrase it.';
    const { user, field, button } = renderForm(async () => ({ message }));
    await user.type(field, 'Some rude words');
    await user.click(button);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(screen.getByRole('link', { name: 'Our moderation rules' }).getAttribute('href')).toBe(
      '/termsofservice#moderation',
    );
    expect(field.value).toBe('Some rude words');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    await user.type(field, '!');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
