import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';

import { Alert } from '@/components/ui/alert';
import { MODERATION_RULES_HREF, postingSuspensionQueryOptions } from '@/lib/posting-suspension';

/**
 * While the member's account is suspended from posting (after strikes), every page says so and
 * until when, with the rules it follows from. Nothing shows while loading, on an error, or when
 * the account may post.
 */
export function PostingSuspensionBanner() {
  const { data } = useQuery(postingSuspensionQueryOptions());
  if (!data?.suspendedUntil || !data.message) return null;
  return <PostingSuspensionNotice message={data.message} />;
}

export function PostingSuspensionNotice({ message }: { message: string }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-4">
      <Alert role="status" variant="destructive" className="bg-card">
        <ShieldAlert aria-hidden="true" />
        <p>
          {message}{' '}
          <a
            href={MODERATION_RULES_HREF}
            className="font-semibold underline underline-offset-2 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Read our moderation rules
          </a>
        </p>
      </Alert>
    </div>
  );
}
