import { Card, CardContent } from '@/components/ui/card';
import { UserAvatar } from '@/components/user-avatar';
import { pluralWord } from '@/lib/plural';

import { profileName } from '../profile-name';
import type { PublicProfile } from '../types';
import { ProfilePostGrid } from './profile-post-grid';
import { SocialBadges } from './social-badges';

/** Spec §2 /user/:userId: avatar, name, bio, social badges, post count and the posts. */
export function PublicProfileView({ profile }: { profile: PublicProfile }) {
  const { user, posts } = profile;
  const name = profileName(user);
  const postCount = posts.length;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-10">
      <Card>
        <CardContent className="flex flex-col items-center gap-6 p-6 text-center sm:flex-row sm:items-start sm:p-8 sm:text-left">
          <UserAvatar
            name={name}
            seed={user.id}
            pictureUrl={user.profilePictureUrl}
            className="size-28 text-5xl shadow-md sm:size-32 sm:text-6xl"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <div className="flex flex-col gap-1">
              <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{name}</h1>
              <p className="text-sm font-medium text-muted-foreground">
                <span className="text-base font-bold text-foreground tabular-nums">
                  {postCount}
                </span>{' '}
                {pluralWord(postCount, 'post')}
              </p>
            </div>
            {user.bio ? (
              <p className="max-w-2xl text-pretty whitespace-pre-line [overflow-wrap:anywhere]">
                {user.bio}
              </p>
            ) : null}
            <SocialBadges links={user.socialLinks} />
          </div>
        </CardContent>
      </Card>

      <section aria-labelledby="profile-posts-title" className="flex flex-col gap-4">
        <h2 id="profile-posts-title" className="text-xl font-bold tracking-tight">
          Posts
        </h2>
        <ProfilePostGrid posts={posts} />
      </section>
    </div>
  );
}
