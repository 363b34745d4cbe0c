// @vitest-environment happy-dom
import { useQuery } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, sentBody, stubFetch } from '@/test/render';

import { postKeys } from '../api/post-keys';
import type { PostPage } from '../types';
import { ReportDialog } from './report-dialog';

const POST = 'p-1';
const REPORT_URL = `/api/posts/${POST}/report`;

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

/** The dialog as the post page holds it: "reported" read from the post's cached page. */
function PostReport() {
  const { data } = useQuery({
    queryKey: postKeys.detail(POST),
    queryFn: (): PostPage => {
      throw new Error('read from the cache only');
    },
    initialData: { reportedByViewer: false } as PostPage,
    staleTime: Infinity,
  });
  return <ReportDialog postId={POST} signedIn reported={data.reportedByViewer} />;
}

async function openDialog(reply = () => answer(201, { success: true })) {
  const fetchMock = stubFetch(reply);
  const page = await renderPage(<PostReport />);
  await page.user.click(screen.getByRole('button', { name: 'Report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
  return { ...page, dialog, fetchMock };
}

describe('the report dialog', () => {
  it('offers the categories as one labelled radio group, none chosen at first', async () => {
    const { dialog } = await openDialog();
    const group = within(dialog).getByRole('radiogroup', { name: 'Reason' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Face or person',
      'Nudity',
      'Not feet',
      'Not their own photo',
      'A minor',
      'Spam',
      'Harassment',
      'Other',
    ]);
    expect(options.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect(within(dialog).getByLabelText('Details (optional)')).toBeTruthy();
  });

  it('asks for a reason before anything is sent', async () => {
    const { dialog, user, fetchMock } = await openDialog();
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Looks wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(
      await within(dialog).findByText('Please provide a reason for reporting this post'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the chosen category alone when no details are written', async () => {
    const { dialog, user, fetchMock } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Face or person' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await findToast('Report submitted')).toBeTruthy();
    expect(sentBody(fetchMock, REPORT_URL)).toEqual({ category: 'face_or_person' });
  });

  it('sends the category with the trimmed details, chosen with the keyboard', async () => {
    const { dialog, user, fetchMock } = await openDialog();
    within(dialog).getByRole('radio', { name: 'Face or person' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'A minor' })).toHaveProperty('checked', true);
    await user.type(within(dialog).getByLabelText('Details (optional)'), '  Looks under 18  ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await findToast('Report submitted')).toBeTruthy();
    expect(sentBody(fetchMock, REPORT_URL)).toEqual({
      category: 'minor',
      reason: 'Looks under 18',
    });
  });

  it('given no category, when sent, says so beside the choices and moves the focus to them', async () => {
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    const group = within(dialog).getByRole('radiogroup', { name: 'Reason' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Reason required. Please provide a reason for reporting this post',
    );
    expect(document.activeElement).toBe(
      within(dialog).getByRole('radio', { name: 'Face or person' }),
    );

    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    expect(group.getAttribute('aria-invalid')).toBeNull();
    expect(
      within(dialog).queryByText('Please provide a reason for reporting this post'),
    ).toBeNull();
  });

  it('given a refusal of the server, says it in the dialog, which stays open with the choice', async () => {
    const { dialog, user } = await openDialog(() =>
      answer(409, { statusCode: 409, message: 'You have already reported this post' }),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to submit report. You have already reported this post');
    expect(within(dialog).getByRole('radio', { name: 'Other' })).toHaveProperty('checked', true);
  });

  it('when closed with Escape, gives the focus back to the Report button', async () => {
    const { dialog, user } = await openDialog();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Report' })),
    );
  });

  it('when the report is in, keeps the focus on the same button, which now says Reported', async () => {
    const { dialog, user } = await openDialog();
    // Hidden from the accessibility tree while the modal dialog is open.
    const button = screen.getByRole('button', { name: 'Report', hidden: true });
    await user.click(within(dialog).getByRole('radio', { name: 'Nudity' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(button));
    await vi.waitFor(() => expect(button.textContent).toBe('Reported'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('given an error shown, Escape still closes the dialog at the first press', async () => {
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await within(dialog).findByText('Please provide a reason for reporting this post');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
