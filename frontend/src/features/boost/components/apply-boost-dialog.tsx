import { Rocket, Zap } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { DialogError, DialogFrame } from '@/components/dialog-frame';
import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import type { UnclaimedBoosts } from '@/types/api';

import { useApplyBoost } from '../api/apply-boost';
import { BOOST_PLANS } from '../api/boost-keys';
import { unusedBoostsLabel } from './unused-boosts-badge';

interface ApplyBoostDialogProps {
  postId: string;
  open: boolean;
  /** The dialog closed, applied or not. */
  onClose: () => void;
  unclaimed: UnclaimedBoosts;
}

/**
 * Spec §4: applying the next unused boost (the oldest) to a post; a refusal keeps the dialog
 * open with 'Failed to apply boost' and the server's reason, said inside it.
 */
export function ApplyBoostDialog({ postId, open, onClose, unclaimed }: ApplyBoostDialogProps) {
  const apply = useApplyBoost();
  const next = unclaimed.boost?.boostType ?? 'regular';
  const plan = BOOST_PLANS[next];
  const Icon = next === 'mega' ? Zap : Rocket;

  const close = () => {
    apply.reset();
    onClose();
  };

  const applyNow = () =>
    apply.mutate(postId, {
      onSuccess: ({ boostType }) => {
        toast({
          title: 'Boost Applied!',
          description: `Your post is featured with a ${BOOST_PLANS[boostType].label} for ${BOOST_PLANS[boostType].duration}.`,
        });
        close();
      },
    });

  return (
    <DialogFrame
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !apply.isPending) close();
      }}
      className="max-w-md"
      title="Boost this post?"
      description={
        <>
          You have {unusedBoostsLabel(unclaimed.count).toLowerCase()}. Apply your next one, a{' '}
          {plan.label} ({plan.duration}), to feature this post on the leaderboard. It starts at once
          and can’t be paused.
        </>
      }
      footer={
        <>
          <Button variant="outline" disabled={apply.isPending} onClick={close}>
            Not now
          </Button>
          <PendingButton
            pending={apply.isPending}
            pendingLabel="Applying…"
            icon={<Icon aria-hidden="true" />}
            onClick={applyNow}
          >
            Apply {plan.label}
          </PendingButton>
        </>
      }
    >
      {apply.isError ? (
        <DialogError
          title="Failed to apply boost"
          message={errorMessage(apply.error) ?? 'Please try again'}
        />
      ) : null}
    </DialogFrame>
  );
}
