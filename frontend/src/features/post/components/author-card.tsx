import { Link } from '@tanstack/react-router';

import { RelativeTime } from '@/components/relative-time';
import { Card, CardContent } from '@/components/ui/card';
import { UserAvatar } from '@/components/user-avatar';
import { authorName, type Post } from '@/types/api';

/** Spec §2: who posted it, linking to their public profile. */
export function AuthorCard({ post }: { post: Post }) {
  const name = authorName(post);
  const avatar = (
    <UserAvatar
      name={name}
      seed={post.userId ?? name}
      pictureUrl={post.profilePictureUrl}
      className="size-12 text-lg"
    />
  );
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-4">
        {avatar}
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="text-xs font-medium text-muted-foreground">Posted by</p>
          {post.userId ? (
            <Link
              to="/user/$userId"
              params={{ userId: post.userId }}
              className="rounded-sm font-semibold [overflow-wrap:anywhere] underline-offset-4 hover:underline"
            >
              {name}
            </Link>
          ) : (
            <span className="font-semibold [overflow-wrap:anywhere]">{name}</span>
          )}
          {post.bio ? (
            <p className="line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">
              {post.bio}
            </p>
          ) : null}
        </div>
        <RelativeTime iso={post.createdAt} className="shrink-0 text-xs text-muted-foreground" />
      </CardContent>
    </Card>
  );
}
