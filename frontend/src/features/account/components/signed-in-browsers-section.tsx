import { useQuery } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';

import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { relativeTime } from '@/lib/relative-time';

import {
  signedInBrowsersQueryOptions,
  useEndSignedInBrowser,
  useSignOutEverywhere,
} from '../api/signed-in-browsers';
import { QueryNotice } from './query-notice';
import { SettingsSection } from './settings-section';

/** "just now", "5 minutes ago", "on Mar 4, 2026": to follow "Signed in". */
function signedInWhen(iso: string): string {
  const when = relativeTime(iso);
  if (when === 'Just now') return 'just now';
  return /ago$/.test(when) ? when : `on ${when}`;
}

/**
 * The account's signed-in browsers, this one marked; any other can be signed out from here, or
 * every one at once (this one too), which `onSignedOutEverywhere` then follows locally.
 */
export function SignedInBrowsersSection({
  onSignedOutEverywhere,
}: {
  onSignedOutEverywhere: () => void;
}) {
  const browsers = useQuery(signedInBrowsersQueryOptions());
  const end = useEndSignedInBrowser();
  const everywhere = useSignOutEverywhere();

  return (
    <SettingsSection
      icon={MonitorSmartphone}
      title="Signed-in Browsers"
      description="Where your account is signed in. Sign out any browser you do not recognise."
    >
      {browsers.isPending || browsers.isError ? (
        <QueryNotice
          query={browsers}
          loading="Loading your browsers…"
          failed="Could not load your signed-in browsers."
        />
      ) : browsers.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No other browser is signed in.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label="Signed-in browsers">
          {browsers.data.map((session) => (
            <li
              key={session.id}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="grid gap-0.5">
                <span className="font-medium">
                  {session.browser ?? 'Unknown browser'}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">
                      This browser
                    </span>
                  ) : null}
                </span>
                <span className="text-sm text-muted-foreground">
                  Signed in {signedInWhen(session.signedInAt)}
                </span>
              </div>
              {session.current ? null : (
                <PendingButton
                  variant="outline"
                  size="sm"
                  className="shrink-0"
                  pending={end.isPending && end.variables === session.id}
                  pendingLabel="Signing out..."
                  icon={<LogOut aria-hidden="true" />}
                  aria-label={`Sign out ${session.browser ?? 'unknown browser'}, signed in ${signedInWhen(session.signedInAt)}`}
                  onClick={() =>
                    end.mutate(session.id, {
                      onSuccess: () =>
                        toast({
                          title: 'Browser signed out',
                          description: `${session.browser ?? 'That browser'} is no longer signed in.`,
                        }),
                      onError: (error) =>
                        toast({
                          variant: 'destructive',
                          title: 'Could not sign that browser out',
                          description: errorMessage(error) ?? 'Please try again.',
                        }),
                    })
                  }
                >
                  Sign out
                </PendingButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Signs out every browser, this one too. Each must sign in again with your password.
        </p>
        <PendingButton
          variant="outline"
          size="sm"
          className="shrink-0"
          pending={everywhere.isPending}
          pendingLabel="Signing out..."
          icon={<LogOut aria-hidden="true" />}
          onClick={() =>
            everywhere.mutate(undefined, {
              onSuccess: onSignedOutEverywhere,
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Could not sign out everywhere',
                  description: errorMessage(error) ?? 'Please try again.',
                }),
            })
          }
        >
          Sign out everywhere
        </PendingButton>
      </div>
    </SettingsSection>
  );
}
