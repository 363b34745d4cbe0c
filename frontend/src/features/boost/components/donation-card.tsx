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

/**
 * Spec §2/§5 /boost: a one-time donation, no sign-in needed. A preset leaves for the payment
 * page at once; a custom amount ($1 to $1,000) is checked first and sent in cents, rounded.
 */
export function DonationCard() {
  const donation = useDonationCheckout();
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const customRef = useRef<HTMLInputElement>(null);

  const donate = (cents: number) => donation.mutate(cents, { onError: toastCheckoutFailure });

  const donateCustom = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseDonationAmount(custom);
    if (!amount.ok) {
      setError(INVALID_AMOUNT);
      customRef.current?.focus();
      toast({ variant: 'destructive', title: 'Invalid Amount', description: INVALID_AMOUNT });
      return;
    }
    donate(amount.cents);
  };

  const pendingCents = donation.isPending ? donation.variables : null;

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
      <CardContent className="flex flex-col gap-5">
        <div
          role="group"
          aria-label="Donation amounts"
          className="grid grid-cols-3 gap-2 sm:grid-cols-5"
        >
          {DONATION_PRESETS.map((dollars) => {
            const cents = dollars * 100;
            return (
              <PendingButton
                key={dollars}
                variant="outline"
                size="lg"
                aria-label={`Donate ${formatDollars(cents)}`}
                pending={pendingCents === cents}
                disabled={donation.isPending}
                onClick={() => donate(cents)}
              >
                {formatDollars(cents)}
              </PendingButton>
            );
          })}
        </div>
        <form
          noValidate
          onSubmit={donateCustom}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <div className="sm:flex-1">
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
                setError(null);
              }}
            />
          </div>
          <PendingButton
            type="submit"
            size="lg"
            className="sm:mt-7"
            pending={
              pendingCents !== null && !DONATION_PRESETS.some((d) => d * 100 === pendingCents)
            }
            disabled={donation.isPending}
            pendingLabel="Opening checkout…"
            icon={<Heart aria-hidden="true" />}
          >
            Donate
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
