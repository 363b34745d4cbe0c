// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { testQueryClient } from '@/test/render';

import { useSingleFlightMutation } from './use-single-flight-mutation';

afterEach(cleanup);

/** The hook over a write the test finishes by hand; `sent` counts the writes started. */
function render() {
  const queryClient = testQueryClient();
  const finish: ((value: string) => void)[] = [];
  const sent = vi.fn(() => new Promise<string>((resolve) => finish.push(resolve)));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useSingleFlightMutation({ mutationFn: sent }), { wrapper });
  return { result, sent, finish };
}

describe('a mutation that runs one call at a time', () => {
  it('given a double click, when both calls come before the pending state renders, then one write is sent', async () => {
    const { result, sent, finish } = render();
    const done = vi.fn();
    act(() => {
      result.current.mutate(undefined, { onSuccess: done });
      result.current.mutate(undefined, { onSuccess: done });
    });
    await waitFor(() => expect(finish).toHaveLength(1));
    act(() => finish[0]!('posted'));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(sent).toHaveBeenCalledTimes(1);

    // Once it is settled, the next call is sent.
    act(() => result.current.mutate(undefined));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
  });

  it('answers a second mutateAsync with the call in flight, and lets a failed call be tried again', async () => {
    const { result, sent, finish } = render();
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result.current.mutateAsync(undefined);
      second = result.current.mutateAsync(undefined);
    });
    expect(second).toBe(first);
    await waitFor(() => expect(finish).toHaveLength(1));
    act(() => finish[0]!('once'));
    await expect(second).resolves.toBe('once');

    sent.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    await act(() => expect(result.current.mutateAsync(undefined)).rejects.toThrow('offline'));
    act(() => result.current.mutate(undefined));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(3));
  });
});
