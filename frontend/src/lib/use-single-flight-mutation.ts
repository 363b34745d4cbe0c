import {
  type DefaultError,
  useMutation,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * `useMutation` that runs one call at a time: `mutate` while a call is in flight is dropped, and
 * `mutateAsync` answers the call in flight. `isPending` only shows after React Query's next
 * notification, so the second click of a double click would otherwise send the write twice (two
 * comments, a second publish refused as already posted).
 */
export function useSingleFlightMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const inFlight = useRef<Promise<TData> | null>(null);
  const mutateAsync: typeof mutation.mutateAsync = (...args) => {
    inFlight.current ??= mutation.mutateAsync(...args).finally(() => {
      inFlight.current = null;
    });
    return inFlight.current;
  };
  return {
    ...mutation,
    mutate: (...args) => {
      if (!inFlight.current) mutateAsync(...args).catch(() => undefined);
    },
    mutateAsync,
  };
}
