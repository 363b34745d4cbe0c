import { Rocket, Send, Zap } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { DialogError, DialogFrame } from '@/components/dialog-frame';
import { PendingButton } from '@/components/ui/pending-button';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { BoostType } from '@/types/api';

import { BOOST_PLANS } from '../api/boost-keys';
import { usePostBoostCheckout } from '../api/checkout';
import { usePostBoost } from '../api/post-boost';
import { useUnclaimedBoosts } from '../api/unclaimed-boosts';
import { promptSignUpToBoost } from '../checkout-feedback';
import { ApplyBoostDialog } from './apply-boost-dialog';

/**
 * Buying a boost for this post. A refused checkout is said inside the dialog (spec §8 'Failed to
 * create checkout session' and the server's reason); signed out meanwhile (401), the dialog
 * closes for the sign-up prompt.
 */
function BuyBoostDialog({ postId }: { postId: string }) {
  const checkout = usePostBoostCheckout();
  const [open, setOpen] = useState(false);
  const [boostType, setBoostType] = useState<BoostType>('regular');
  const name = useId();
  const changeOpen = (next: boolean) => {
    setOpen(next);
    checkout.reset();
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button>
          <Rocket aria-hidden="true" />
          Boost Post
        </Button>
      }
      className="max-w-md"
      title="Boost this post"
      description="The boost starts on this post as soon as the payment is confirmed."
      footer={
        <PendingButton
          pending={checkout.isPending}
          pendingLabel="Opening checkout…"
          onClick={() =>
            checkout.mutate(
              { postId, boostType },
              {
                onError: (error) => {
                  if (errorStatus(error) !== 401) return;
                  changeOpen(false);
                  promptSignUpToBoost();
                },
              },
            )
          }
        >
          Continue to payment – {BOOST_PLANS[boostType].price}
        </PendingButton>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Boost type</legend>
        {(['regular', 'mega'] as const).map((type) => {
          const plan = BOOST_PLANS[type];
          const Icon = type === 'mega' ? Zap : Rocket;
          return (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                type === 'mega' && 'has-[:checked]:border-warning has-[:checked]:ring-warning',
              )}
            >
              <input
                type="radio"
                name={name}
                value={type}
                checked={boostType === type}
                onChange={() => setBoostType(type)}
                className="size-4 accent-primary"
              />
              <Icon className="size-4" aria-hidden="true" />
              <span className="flex-1 font-semibold">{plan.label}</span>
              <span className="text-sm text-muted-foreground">
                {plan.price} / {plan.duration}
              </span>
            </label>
          );
        })}
      </fieldset>
      {checkout.isError && errorStatus(checkout.error) !== 401 ? (
        <DialogError
          title="Failed to create checkout session"
          message={errorMessage(checkout.error) ?? 'Please try again'}
        />
      ) : null}
    </DialogFrame>
  );
}

const untilFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** While a boost runs, the owner sees which one and until when, instead of the buttons. */
function ActiveBoostNotice({ postId }: { postId: string }) {
  const { data: boost } = usePostBoost(postId, true);
  if (!boost) return null;
  const plan = BOOST_PLANS[boost.boostType];
  const Icon = boost.boostType === 'mega' ? Zap : Rocket;
  return (
    <p className="flex items-center gap-2 text-sm font-medium">
      <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        {plan.label} active
        {boost.expiresAt ? (
          <>
            {' '}
            until{' '}
            <time dateTime={boost.expiresAt}>{untilFormat.format(new Date(boost.expiresAt))}</time>
          </>
        ) : null}
      </span>
    </p>
  );
}

interface PostBoostActionsProps {
  postId: string;
  isBoosted: boolean;
}

/**
 * Spec §2/§4 /post/{id}, for the owner: buy a boost for this post, or apply an unused one.
 * Both are hidden while the post has an active boost.
 */
export function PostBoostActions({ postId, isBoosted }: PostBoostActionsProps) {
  const unclaimed = useUnclaimedBoosts(!isBoosted);
  const [applying, setApplying] = useState(false);
  if (isBoosted) return <ActiveBoostNotice postId={postId} />;

  const unused = unclaimed.data && unclaimed.data.count > 0 ? unclaimed.data : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <BuyBoostDialog postId={postId} />
      {unused ? (
        <>
          <Button variant="outline" onClick={() => setApplying(true)}>
            <Send aria-hidden="true" />
            Apply Boost
          </Button>
          <ApplyBoostDialog
            postId={postId}
            open={applying}
            unclaimed={unused}
            onClose={() => setApplying(false)}
          />
        </>
      ) : null}
    </div>
  );
}
