import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { DialogFrame } from '@/components/dialog-frame';
import { PendingButton } from '@/components/ui/pending-button';
import type { Schema } from '@/lib/api/schema';

import { apiJson } from '@/lib/api-client';
import { useAdminAction } from '../api/admin-api';
import { userStrikesQueryOptions } from '../api/admin-reads';
import { formatTime, StatusPill } from './admin-table';
import { failed } from './admin-toasts';
import { ReasonField } from './reason-field';

type Strike = Schema<'StrikeResponse'>;

const REASONS: Record<string, string> = {
  face_or_person: 'a face or a person',
  nudity_or_explicit: 'nudity or explicit content',
  offensive: 'offensive words',
  repeated: 'the same text on several posts',
};

/** What earned the strike, in words, with the post it concerns where there is one. */
export function strikeCause({ cause }: Strike): string {
  const why = cause.reason ? (REASONS[cause.reason] ?? cause.reason) : null;
  switch (cause.kind) {
    case 'photo_refused':
      return `Photo refused${why ? ` for ${why}` : ''}`;
    case 'report_upheld':
      return 'Report of a post upheld';
    default:
      return `Comment refused${why ? ` for ${why}` : ''}`;
  }
}

/**
 * An account's strikes and the posting suspensions they led to (newest first), and the running
 * suspension's early lift with a reason. A dialog over the users list.
 */
export function UserStrikesDialog({
  user,
  onClose,
}: {
  user: { id: string; name: string } | null;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      open={user !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      className="max-h-[85dvh] overflow-y-auto sm:max-w-xl"
      title={<>Strikes of {user?.name}</>}
      description="Refused photos, upheld reports and filtered comments. Enough of them within the window (by default three in 30 days) suspend posting, commenting and rating for a while (by default 7 days)."
    >
      {user ? <UserStrikes userId={user.id} /> : null}
    </DialogFrame>
  );
}

function UserStrikes({ userId }: { userId: string }) {
  const query = useQuery(userStrikesQueryOptions(userId));
  if (query.isPending) return <p role="status">Loading strikes…</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the strikes. Please try again.
      </p>
    );
  }
  const { strikes, suspensions, suspendedUntil } = query.data;
  return (
    <div className="flex flex-col gap-4 text-sm">
      {suspendedUntil ? <LiftSuspension userId={userId} until={suspendedUntil} /> : null}
      <section aria-label="Strikes" className="flex flex-col gap-2">
        <h3 className="font-semibold">Strikes ({strikes.length})</h3>
        {strikes.length === 0 ? (
          <p className="text-muted-foreground">No strikes.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {[...strikes].reverse().map((strike) => (
              <li key={strike.id} className="flex flex-wrap justify-between gap-2">
                <span>{strikeCause(strike)}</span>
                <span className="text-muted-foreground">{formatTime(strike.at)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Posting suspensions" className="flex flex-col gap-2">
        <h3 className="font-semibold">Posting suspensions ({suspensions.length})</h3>
        {suspensions.length === 0 ? (
          <p className="text-muted-foreground">Never suspended from posting.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {[...suspensions].reverse().map((s) => (
              <li key={`${s.from}-${s.until}`} className="flex flex-col gap-0.5">
                <span>
                  {formatTime(s.from)} to {formatTime(s.until)}{' '}
                  {s.lifted ? (
                    <StatusPill tone="muted">Lifted</StatusPill>
                  ) : s.until === suspendedUntil ? (
                    <StatusPill tone="bad">Running</StatusPill>
                  ) : (
                    <StatusPill tone="ok">Ended</StatusPill>
                  )}
                </span>
                {s.lifted ? (
                  <span className="text-muted-foreground">
                    Lifted {formatTime(s.lifted.at)}: {s.lifted.reason}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function LiftSuspension({ userId, until }: { userId: string; until: string }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const lift = useAdminAction((body: { reason: string }) =>
    apiJson('POST', '/api/rtm-sys/users/{id}/posting-suspension/lift', {
      params: { path: { id: userId } },
      body,
    }),
  );
  return (
    <form
      className="flex flex-col gap-2 rounded-md border border-destructive p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === '') {
          setError('Please give a reason');
          return;
        }
        lift.mutate(
          { reason: reason.trim() },
          { onError: failed('Failed to lift the suspension') },
        );
      }}
    >
      <p className="font-semibold">Suspended from posting until {formatTime(until)}</p>
      <ReasonField
        id={id}
        label="Reason for lifting it now"
        value={reason}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
      <PendingButton type="submit" size="sm" pending={lift.isPending} className="self-start">
        Lift posting suspension
      </PendingButton>
    </form>
  );
}
