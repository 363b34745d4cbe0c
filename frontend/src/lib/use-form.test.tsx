// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { InputField } from '@/components/input-field';

import { useForm, type UseFormOptions } from './use-form';

afterEach(cleanup);

type Values = { first: string; second: string };

/** A bare form on the hook: two fields, the form error in an alert, a reset button. */
function TestForm({
  options,
  send,
}: {
  options: Omit<UseFormOptions<Values>, 'initialValues'>;
  send: (values: Values) => void;
}) {
  const form = useForm({ initialValues: { first: '', second: '' }, ...options });
  return (
    <form noValidate onSubmit={form.handleSubmit(send)}>
      {form.formError ? <p role="alert">{form.formError}</p> : null}
      <InputField label="First" {...form.field('first')} />
      <InputField label="Second" {...form.field('second')} />
      <button type="button" onClick={() => form.setFormError('The server said no')}>
        Fail
      </button>
      <button type="button" onClick={() => form.reset()}>
        Reset
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

function renderForm(options: Omit<UseFormOptions<Values>, 'initialValues'>) {
  const send = vi.fn();
  render(<TestForm options={options} send={send} />);
  return {
    send,
    user: userEvent.setup(),
    first: screen.getByLabelText('First') as HTMLInputElement,
    second: screen.getByLabelText('Second') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Send' }),
  };
}

const bothRequired = ({ first, second }: Values) => ({
  ...(first ? {} : { first: 'First is required' }),
  ...(second ? {} : { second: 'Second is required' }),
});

describe('useForm', () => {
  it('focuses the first invalid field in the order of the starting values', async () => {
    const { user, first, second, submit, send } = renderForm({
      validate: bothRequired,
      mutation: { isPending: false },
    });
    await user.type(first, 'x');
    await user.click(submit);
    expect(document.activeElement).toBe(second);
    expect(screen.queryByText('First is required')).toBeNull();

    await user.clear(first);
    await user.click(submit);
    expect(document.activeElement).toBe(first);
    expect(send).not.toHaveBeenCalled();
  });

  it('hands the values over once they are valid', async () => {
    const { user, first, second, submit, send } = renderForm({
      validate: bothRequired,
      mutation: { isPending: false },
    });
    await user.type(first, 'one');
    await user.type(second, 'two');
    await user.click(submit);
    expect(send).toHaveBeenCalledWith({ first: 'one', second: 'two' });
  });

  it('checks the whole form only once every field is valid', async () => {
    const validateForm = vi.fn(({ first, second }: Values) =>
      first === second ? null : 'They must be equal',
    );
    const { user, first, second, submit, send } = renderForm({
      validate: bothRequired,
      validateForm,
      mutation: { isPending: false },
    });
    await user.click(submit);
    expect(validateForm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(first, 'one');
    await user.type(second, 'two');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('They must be equal');
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps the form error while fields change, unless asked to drop it', async () => {
    const kept = renderForm({ mutation: { isPending: false } });
    await kept.user.click(screen.getByRole('button', { name: 'Fail' }));
    await kept.user.type(kept.first, 'x');
    expect(screen.getByRole('alert').textContent).toBe('The server said no');
    await kept.user.click(kept.submit);
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    const dropped = renderForm({ mutation: { isPending: false }, formErrorClearsOnChange: true });
    await dropped.user.click(screen.getByRole('button', { name: 'Fail' }));
    await dropped.user.type(dropped.second, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores a submit while the mutation is pending', () => {
    const { first, second, send } = renderForm({ mutation: { isPending: true } });
    fireEvent.change(first, { target: { value: 'one' } });
    fireEvent.change(second, { target: { value: 'two' } });
    fireEvent.submit(first.form!);
    expect(send).not.toHaveBeenCalled();
  });

  it('resets to the starting values without messages', async () => {
    const { user, first, submit } = renderForm({
      validate: bothRequired,
      mutation: { isPending: false },
    });
    await user.click(submit);
    await user.type(first, 'typed');
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(first.value).toBe('');
    expect(screen.queryByText('Second is required')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
