import { Heart, ImageOff, MessageCircle, Rocket, Star } from 'lucide-react';

import { AppLink } from '@/components/app-link';
import { cn } from '@/lib/cn';
import { formatScore } from '@/lib/score';
import { postPath } from '@/lib/paths';

import type { ProfilePost } from '../types';

function BoostOrRating({ post }: { post: ProfilePost }) {
  if (post.isBoosted) {
    const mega = post.boostType === 'mega';
    return (
      <span
        className={cn(
          'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold',
          mega ? 'bg-warning text-warning-foreground' : 'bg-primary text-primary-foreground',
        )}
      >
        <Rocket className="size-3" aria-hidden="true" />
        {mega ? 'Mega Boost' : 'Boost'}
      </span>
    );
  }
  if (post.overallRating === null || post.overallRating === undefined) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-background/90 px-2 py-0.5 text-xs font-bold text-foreground">
      <Star className="size-3 text-primary" aria-hidden="true" />
      {formatScore(post.overallRating)}
      <span className="sr-only"> out of 10</span>
    </span>
  );
}

/** Spec §2: the user's posts, each linking to /post/{id}; 'No posts yet' when there are none. */
export function ProfilePostGrid({ posts }: { posts: ProfilePost[] }) {
  if (posts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
        <ImageOff className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-semibold">No posts yet</p>
        <p className="text-sm text-muted-foreground">
          Posts shared to the leaderboard show up here.
        </p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {posts.map((post) => (
        <li key={post.id}>
          <AppLink
            href={postPath(post.id)}
            className="group block overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md"
          >
            <div className="relative aspect-square bg-muted">
              <img
                src={post.imageUrl}
                alt="Post photo"
                loading="lazy"
                className="size-full object-cover transition-transform group-hover:scale-[1.02]"
              />
              <div className="absolute top-2 left-2">
                <BoostOrRating post={post} />
              </div>
            </div>
            <div className="flex items-center gap-4 px-3 py-2 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Heart className="size-4" aria-hidden="true" />
                {post.likesCount ?? 0}
                <span className="sr-only"> likes</span>
              </span>
              <span className="inline-flex items-center gap-1">
                <MessageCircle className="size-4" aria-hidden="true" />
                {post.commentsCount ?? 0}
                <span className="sr-only"> comments</span>
              </span>
            </div>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
