import { Heart } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

import { InputField } from '@/components/input-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/components/ui/use-toast';

import { useDonationCheckout } from '../api/checkout';
import { toastCheckoutFailure } from '../checkout-feedback';
import {
  DONATION_PRESETS,
  formatDollars,
  MAX_DONATION_DOLLARS,
  MIN_DONATION_DOLLARS,
  parseDonationAmount,
} from '../donation-amount';

const INVALID_AMOUNT = 'Please enter an amount between $1 and $1,000';

/** The amount chosen: a preset (in cents) or the custom field. */
type Choice = { kind: 'preset'; cents: number } | { kind: 'custom' };

/**
 * Spec §2/§5 /boost: a one-time donation, no sign-in needed. The donor chooses an amount (a
 * preset from a radio group, or a custom $1 to $1,000, checked first and sent in cents,
 * rounded), then Donate leaves for the payment page. The button names the chosen amount.
 */
export function DonationCard() {
  const donation = useDonationCheckout();
  const [choice, setChoice] = useState<Choice>({
    kind: 'preset',
    cents: DONATION_PRESETS[1] * 100,
  });
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const customRef = useRef<HTMLInputElement>(null);

  const customAmount = parseDonationAmount(custom);
  const chosenCents =
    choice.kind === 'preset' ? choice.cents : customAmount.ok ? customAmount.cents : null;

  const donate = (event: FormEvent) => {
    event.preventDefault();
    if (chosenCents === null) {
      setError(INVALID_AMOUNT);
      customRef.current?.focus();
      toast({ variant: 'destructive', title: 'Invalid Amount', description: INVALID_AMOUNT });
      return;
    }
    donation.mutate(chosenCents, { onError: toastCheckoutFailure });
  };

  return (
    <Card role="region" aria-labelledby="donation-title">
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Heart className="size-5" aria-hidden="true" />
          </span>
          <CardTitle id="donation-title" className="text-xl">
            Support SoleScore
          </CardTitle>
        </div>
        <CardDescription>
          A one-time donation helps keep the site running. Donations don’t affect rankings. No
          account needed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={donate} className="flex flex-col gap-5">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Choose an amount</legend>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {DONATION_PRESETS.map((dollars) => {
                const cents = dollars * 100;
                const checked = choice.kind === 'preset' && choice.cents === cents;
                return (
                  <label
                    key={dollars}
                    className="flex h-11 cursor-pointer items-center justify-center rounded-md border border-input bg-background text-base font-semibold transition-colors hover:bg-accent hover:text-accent-foreground has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background"
                  >
                    <input
                      type="radio"
                      name="donation-amount"
                      value={cents}
                      checked={checked}
                      disabled={donation.isPending}
                      onChange={() => {
                        setChoice({ kind: 'preset', cents });
                        setError(null);
                      }}
                      className="sr-only"
                    />
                    {formatDollars(cents)}
                  </label>
                );
              })}
            </div>
            <label className="flex items-center gap-2 pt-1 text-sm font-medium">
              <input
                type="radio"
                name="donation-amount"
                value="custom"
                checked={choice.kind === 'custom'}
                disabled={donation.isPending}
                onChange={() => {
                  setChoice({ kind: 'custom' });
                  customRef.current?.focus();
                }}
                className="size-4 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
              />
              Another amount
            </label>
          </fieldset>
          <InputField
            label="Custom amount (USD)"
            hint="Type any amount from $1 to $1,000, such as 25 or 12.50."
            type="number"
            inputMode="decimal"
            min={MIN_DONATION_DOLLARS}
            max={MAX_DONATION_DOLLARS}
            step={0.01}
            value={custom}
            error={error}
            inputRef={customRef}
            onChange={(value) => {
              setCustom(value);
              setChoice({ kind: 'custom' });
              setError(null);
            }}
          />
          <PendingButton
            type="submit"
            size="lg"
            className="sm:self-start"
            pending={donation.isPending}
            pendingLabel="Opening checkout…"
            icon={<Heart aria-hidden="true" />}
          >
            {chosenCents === null ? 'Donate' : `Donate ${formatDollars(chosenCents)}`}
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
