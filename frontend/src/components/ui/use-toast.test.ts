// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { dismissToast, toast, TOAST_REMOVE_DELAY_MS, useToast } from './use-toast';

afterEach(() => {
  act(() => dismissToast());
  act(() => vi.runOnlyPendingTimers());
  vi.useRealTimers();
});

describe('the toast store', () => {
  it('shows one toast at a time, the newest', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    act(() => void toast({ title: 'First' }));
    act(() => void toast({ title: 'Second' }));
    expect(result.current.toasts.map((t) => [t.title, t.open])).toEqual([['Second', true]]);
  });

  it('keeps a dismissed toast closed until the removal delay has passed', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    let shown!: { id: string; dismiss: () => void };
    act(() => void (shown = toast({ title: 'Saved' })));
    act(() => shown.dismiss());
    expect(result.current.toasts.map((t) => [t.id, t.open])).toEqual([[shown.id, false]]);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toEqual([]);
  });

  it('closes a toast when its own close control reports it closed', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    act(() => void toast({ title: 'Swiped' }));
    act(() => result.current.toasts[0]!.onOpenChange(false));
    expect(result.current.toasts[0]!.open).toBe(false);
  });

  it('dismisses every toast when no id is given', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    act(() => void toast({ title: 'Any' }));
    act(() => dismissToast());
    expect(result.current.toasts.every((t) => !t.open)).toBe(true);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(result.current.toasts).toEqual([]);
  });
});
