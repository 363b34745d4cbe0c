// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, sentBody, stubFetch } from '@/test/render';

import { checkoutNavigation } from '../api/checkout';
import { DonationCard } from './donation-card';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const URL = '/api/donations/checkout';

async function renderCard(reply = () => answer(200, { url: 'https://pay.test/cs_1' })) {
  const fetchMock = stubFetch(reply);
  const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
  const page = await renderPage(<DonationCard />);
  return { ...page, fetchMock, go, custom: screen.getByLabelText('Custom amount (USD)') };
}

describe('DonationCard', () => {
  it('given the card, when a preset is chosen, then nothing is sent until Donate', async () => {
    const { user, fetchMock, go } = await renderCard();
    const group = screen.getByRole('group', { name: 'Choose an amount' });
    await user.click(within(group).getByRole('radio', { name: '$50' }));
    expect((screen.getByRole('radio', { name: '$50' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Donate $50' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
  });

  it.each([
    ['$5', 500],
    ['$10', 1000],
    ['$20', 2000],
    ['$50', 5000],
    ['$100', 10000],
  ])(
    'given %s chosen, when Donate is pressed, then it is sent in cents and the browser leaves',
    async (label, cents) => {
      const { user, fetchMock, go } = await renderCard();
      await user.click(screen.getByRole('radio', { name: label }));
      await user.click(screen.getByRole('button', { name: `Donate ${label}` }));
      await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.test/cs_1'));
      expect(sentBody(fetchMock, URL)).toEqual({ amount: cents });
    },
  );

  it('given the amounts, when the arrow keys move through them, then the chosen one is checked and named on Donate', async () => {
    const { user, fetchMock, go } = await renderCard();
    screen.getByRole('radio', { name: '$10' }).focus();
    await user.keyboard('{ArrowRight}');
    const twenty = screen.getByRole('radio', { name: '$20' }) as HTMLInputElement;
    expect(twenty.checked).toBe(true);
    expect(document.activeElement).toBe(twenty);
    expect(screen.getByRole('button', { name: 'Donate $20' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
  });

  it('starts the custom amount empty, with a hint rather than a grey example value', async () => {
    const { custom } = await renderCard();
    expect((custom as HTMLInputElement).value).toBe('');
    expect(custom.getAttribute('placeholder')).toBeNull();
    const hint = document.getElementById(custom.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('from $1 to $1,000');
  });

  it('sends a custom amount in cents, rounded', async () => {
    const { user, fetchMock, go, custom } = await renderCard();
    await user.type(custom, '12.345');
    expect(
      (screen.getByRole('radio', { name: 'Another amount' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Donate $12.35' }));
    await waitFor(() => expect(go).toHaveBeenCalled());
    expect(sentBody(fetchMock, URL)).toEqual({ amount: 1235 });
  });

  it.each(['0.99', '1000.01', ''])(
    'refuses %j with Invalid Amount and sends nothing',
    async (input) => {
      const { user, fetchMock, custom } = await renderCard();
      if (input) await user.type(custom, input);
      else await user.click(screen.getByRole('radio', { name: 'Another amount' }));
      await user.click(screen.getByRole('button', { name: 'Donate' }));
      await findToast('Invalid Amount');
      expect(
        screen.getAllByText('Please enter an amount between $1 and $1,000').length,
      ).toBeGreaterThan(0);
      expect(custom.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(custom);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('accepts the bounds $1 and $1,000', async () => {
    const { user, fetchMock, custom } = await renderCard();
    await user.type(custom, '1000');
    await user.click(screen.getByRole('button', { name: 'Donate $1,000' }));
    await waitFor(() => expect(sentBody(fetchMock, URL)).toEqual({ amount: 100000 }));
  });

  it('says the checkout failed when the server refuses, with its reason', async () => {
    const { user, go } = await renderCard(() =>
      answer(400, { message: 'Please enter an amount between $1 and $1,000' }),
    );
    await user.click(screen.getByRole('radio', { name: '$5' }));
    await user.click(screen.getByRole('button', { name: 'Donate $5' }));
    await findToast('Failed to create checkout session');
    expect(go).not.toHaveBeenCalled();
  });
});
