import { Search, X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';

import { Input } from '@/components/ui/input';

import { SEARCH_MAX_LENGTH } from '../leaderboard-search';

/** How long typing may pause before the board follows. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The term in the address. */
  value: string;
  /** Called with the trimmed term once typing pauses, or at once on Enter or clear. */
  onSearch: (term: string) => void;
}

/** Spec §2: search the board by username. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const id = useId();

  // Follow the address when it changes from outside (back button, a tab link), without undoing
  // what is being typed: React's "adjust state when a prop changes" pattern.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }

  const send = (term: string) => {
    const trimmed = term.trim();
    if (trimmed !== value) onSearch(trimmed);
  };
  const sendAfterPause = useEffectEvent(send);

  useEffect(() => {
    const timer = setTimeout(() => sendAfterPause(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <form
      role="search"
      className="relative w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        send(text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search by username
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search by username"
        autoComplete="off"
        enterKeyHint="search"
        className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        onChange={(event) => setText(event.target.value)}
      />
      {text ? (
        <button
          type="button"
          className="absolute top-1/2 right-1.5 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
          onClick={() => {
            setText('');
            send('');
          }}
        >
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Clear search</span>
        </button>
      ) : null}
    </form>
  );
}
