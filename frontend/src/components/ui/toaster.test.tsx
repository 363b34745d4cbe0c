// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { Dialog, DialogContent, DialogTitle, DialogTrigger } from './dialog';
import { Toaster } from './toaster';
import { dismissToast, toast } from './use-toast';

afterEach(() => {
  cleanup();
  dismissToast();
});

function Page() {
  return (
    <>
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent>
          <DialogTitle>A dialog</DialogTitle>
        </DialogContent>
      </Dialog>
      <Toaster />
    </>
  );
}

describe('Toaster', () => {
  it('given a dialog is open, keeps a toast back until the dialog closes', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'A dialog' });

    act(() => {
      toast({ title: 'Saved elsewhere' });
    });
    expect(screen.queryAllByText('Saved elsewhere')).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findAllByText('Saved elsewhere')).length).toBeGreaterThan(0);
  });

  it('given a toast is showing when a dialog opens, hides it while the dialog is open', async () => {
    const user = userEvent.setup();
    render(<Page />);
    act(() => {
      toast({ title: 'Signed in' });
    });
    expect((await screen.findAllByText('Signed in')).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'A dialog' });
    expect(screen.queryAllByText('Signed in')).toEqual([]);
  });
});
