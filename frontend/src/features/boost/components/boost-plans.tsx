import { Check, Rocket, Zap } from 'lucide-react';

import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PendingButton } from '@/components/ui/pending-button';
import { cn } from '@/lib/cn';
import type { BoostType } from '@/types/api';

import { BOOST_PLANS } from '../api/boost-keys';
import { useBoostCheckout } from '../api/checkout';
import { promptSignUpToBoost, toastCheckoutFailure } from '../checkout-feedback';

const PERKS: Record<BoostType, string[]> = {
  regular: ['Featured above unboosted posts', 'Boost badge on your post', 'Active for 24 hours'],
  mega: [
    'Ranks above regular boosts',
    'Featured placement at the top of the leaderboard',
    'Bigger border and Mega Boost badge',
    'Active for 7 days',
  ],
};

interface BoostPlansProps {
  signedIn: boolean;
}

/** Spec §2 /boost: the regular and mega cards; buying leaves for the payment page. */
export function BoostPlans({ signedIn }: BoostPlansProps) {
  const checkout = useBoostCheckout();

  const buy = (boostType: BoostType) => {
    if (!signedIn) {
      promptSignUpToBoost();
      return;
    }
    checkout.mutate(boostType, { onError: toastCheckoutFailure });
  };

  return (
    <div className="grid gap-4 md:grid-cols-2">
      {(['regular', 'mega'] as const).map((type) => {
        const plan = BOOST_PLANS[type];
        const mega = type === 'mega';
        const Icon = mega ? Zap : Rocket;
        const pending = checkout.isPending && checkout.variables === type;
        return (
          <Card
            key={type}
            aria-labelledby={`plan-${type}`}
            role="region"
            className={cn('flex flex-col', mega ? 'border-warning ring-2 ring-warning' : '')}
          >
            <CardHeader className="gap-3">
              <div className="flex items-center justify-between gap-2">
                <span
                  className={cn(
                    'flex size-11 items-center justify-center rounded-full',
                    mega
                      ? 'bg-warning text-warning-foreground'
                      : 'bg-primary text-primary-foreground',
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {mega ? (
                  <span className="rounded-full bg-warning px-3 py-1 text-xs font-bold tracking-wider text-warning-foreground">
                    BEST VALUE
                  </span>
                ) : null}
              </div>
              <CardTitle id={`plan-${type}`} className="text-xl">
                {plan.label}
              </CardTitle>
              <p>
                <span className="text-4xl font-extrabold tabular-nums">{plan.price}</span>
                <span className="text-muted-foreground"> / {plan.duration}</span>
              </p>
            </CardHeader>
            <CardContent className="flex-1">
              <ul className="flex flex-col gap-2 text-sm">
                {PERKS[type].map((perk) => (
                  <li key={perk} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    {perk}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter>
              <PendingButton
                size="lg"
                className={cn(
                  'w-full',
                  mega && 'bg-warning text-warning-foreground hover:bg-warning/90',
                )}
                pending={pending}
                disabled={checkout.isPending}
                pendingLabel="Opening checkout…"
                icon={<Icon aria-hidden="true" />}
                onClick={() => buy(type)}
              >
                Buy {plan.label} – {plan.price}
              </PendingButton>
            </CardFooter>
          </Card>
        );
      })}
    </div>
  );
}
