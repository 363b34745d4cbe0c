import { PartyPopper } from 'lucide-react';

import { formatScore } from '@/lib/score';

import { ShareMenu } from './share-menu';

/** Shown on a new post's page right after its author published it: share it while it is fresh. */
export function PostedShareCall({ postId, rating }: { postId: string; rating: string | null }) {
  return (
    <section
      aria-labelledby="posted-share-title"
      className="flex flex-col items-start gap-3 rounded-xl border border-primary/40 bg-accent p-4 text-accent-foreground sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-center gap-3">
        <PartyPopper className="size-6 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 id="posted-share-title" className="font-bold">
            Share your score
          </h2>
          <p className="text-sm">
            {rating === null
              ? 'Your post is live: send it to friends.'
              : `Your ${formatScore(rating)}/10 is live: send it to friends.`}
          </p>
        </div>
      </div>
      <ShareMenu postId={postId} rating={rating} isOwner />
    </section>
  );
}
