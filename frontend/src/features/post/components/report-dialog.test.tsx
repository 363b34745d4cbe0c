// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, sentBody, stubFetch } from '@/test/render';

import { ReportDialog } from './report-dialog';

const POST = 'p-1';
const REPORT_URL = `/api/posts/${POST}/report`;

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

async function openDialog() {
  const fetchMock = stubFetch(() => answer(201, { success: true }));
  const page = await renderPage(<ReportDialog postId={POST} signedIn reported={false} />);
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
    expect(await findToast('Please provide a reason for reporting this post')).toBeTruthy();
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
});
