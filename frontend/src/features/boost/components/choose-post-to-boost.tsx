import { Link, useNavigate } from '@tanstack/react-router';
import { Rocket, Zap } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import type { BoostType } from '@/types/api';

import { useApplyBoost } from '../api/apply-boost';
import { useBoostablePosts } from '../api/boostable-posts';
import { BOOST_PLANS } from '../api/boost-keys';
import { toastApplyFailure } from '../checkout-feedback';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface ChoosePostToBoostProps {
  /** The boost applied next (the oldest unused one). */
  next: BoostType;
  /** Called once the boost runs on a post (the dialog closes). */
  onApplied: () => void;
}

/**
 * The member's posts a boost can start on, newest first, each with its Apply button: applying
 * starts the oldest unused boost on it and opens the post.
 */
export function ChoosePostToBoost({ next, onApplied }: ChoosePostToBoostProps) {
  const posts = useBoostablePosts(true);
  const apply = useApplyBoost();
  const navigate = useNavigate();
  const plan = BOOST_PLANS[next];
  const Icon = next === 'mega' ? Zap : Rocket;

  if (posts.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" /> Loading your posts…
      </p>
    );
  }
  if (posts.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
        <span>Your posts could not be loaded.</span>
        <Button size="sm" variant="outline" onClick={() => void posts.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (posts.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No post to boost yet. Your boost waits until you{' '}
        <Link to="/" className="font-semibold text-primary underline-offset-4 hover:underline">
          post a photo
        </Link>
        .
      </p>
    );
  }

  // Awaited rather than per-call callbacks: once applied, the header's badge (and this dialog
  // with it) leaves as the unused boosts run out, and the post still opens.
  const applyTo = (postId: string) =>
    apply.mutateAsync(postId).then(({ boostType }) => {
      toast({
        title: 'Boost Applied!',
        description: `Your post is featured with a ${BOOST_PLANS[boostType].label} for ${BOOST_PLANS[boostType].duration}.`,
      });
      onApplied();
      void navigate({ to: '/post/$id', params: { id: postId } });
    }, toastApplyFailure);

  return (
    <ul aria-label="Your posts" className="flex max-h-72 flex-col gap-2 overflow-y-auto">
      {posts.data.map((post) => {
        const posted = dateFormat.format(new Date(post.createdAt));
        const pending = apply.isPending && apply.variables === post.id;
        return (
          <li key={post.id} className="flex items-center gap-3 rounded-lg border p-2">
            <img
              src={post.thumbnailUrl || post.imageUrl}
              alt=""
              className="size-12 shrink-0 rounded-md object-cover"
            />
            <div className="flex min-w-0 flex-1 flex-col text-sm">
              <span className="font-semibold">
                {post.averageRating ? `${post.averageRating}/10` : 'Not rated yet'}
              </span>
              <span className="text-xs text-muted-foreground">
                Posted <time dateTime={post.createdAt}>{posted}</time>
              </span>
            </div>
            <PendingButton
              size="sm"
              pending={pending}
              disabled={apply.isPending}
              pendingLabel="Applying…"
              icon={<Icon aria-hidden="true" />}
              aria-label={`Apply ${plan.label} to your post of ${posted}`}
              onClick={() => void applyTo(post.id)}
            >
              Apply
            </PendingButton>
          </li>
        );
      })}
    </ul>
  );
}
