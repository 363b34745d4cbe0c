import { Heart } from 'lucide-react';

import { promptSignUp, toastActionFailure } from '@/components/sign-up-toast';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/plural';

interface LikeToggleProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  liked: boolean;
  count: number;
  /** What is liked, in the accessible name: 'this post', 'comment'. */
  what: string;
  signedIn: boolean;
  /** The sign-up prompt a visitor gets instead. */
  signUpMessage: string;
  /** The toast titles of a failed like and unlike. */
  failures: { like: string; unlike: string };
  /** Sends the new state; `onError` is called when the server refuses it. */
  setLiked: (like: boolean, options: { onError: (error: unknown) => void }) => void;
}

/**
 * Spec §4: a heart with its count that likes or unlikes at once (the caller's mutation puts the
 * previous state back on failure); a visitor is asked to sign up instead.
 */
export function LikeToggle(props: LikeToggleProps) {
  const { liked, count, what, signedIn, signUpMessage, failures, setLiked, ...button } = props;
  return (
    <Button
      {...button}
      aria-pressed={liked}
      aria-label={`${liked ? 'Unlike' : 'Like'} ${what}, ${countOf(count, 'like')}`}
      onClick={() => {
        if (!signedIn) {
          promptSignUp(signUpMessage);
          return;
        }
        setLiked(!liked, {
          onError: (error) =>
            toastActionFailure(error, liked ? failures.unlike : failures.like, 'Please try again'),
        });
      }}
    >
      <Heart
        aria-hidden="true"
        className={cn(liked && 'fill-current text-red-600 dark:text-red-400')}
      />
      <span className="tabular-nums">{count}</span>
    </Button>
  );
}
