import { Users } from 'lucide-react';

import { cn } from '@/lib/cn';
import { formatScore } from '@/lib/score';
import { pluralWord } from '@/lib/plural';

interface CrowdVotesProps {
  /** The members' own average (without the AI score), one decimal as text; null before any. */
  average: string | null | undefined;
  voteCount: number;
  className?: string;
}

/** The members' share of a card's score, "6.8 (12)"; nothing before a member's vote counts. */
export function CrowdVotes({ average, voteCount, className }: CrowdVotesProps) {
  if (average === null || average === undefined || voteCount === 0) return null;
  const score = formatScore(average);
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <Users className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true" className="tabular-nums">
        {score} ({voteCount})
      </span>
      <span className="sr-only">
        {`Members' average ${score} from ${voteCount} ${pluralWord(voteCount, 'vote')}`}
      </span>
    </span>
  );
}
