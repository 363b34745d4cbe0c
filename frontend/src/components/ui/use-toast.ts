import { useSyncExternalStore, type ReactNode } from 'react';

import type { ToastActionElement, ToastVariant } from './toast';

/**
 * A tiny toast store (shadcn pattern). Spec §4/§9: at most one toast is visible; a dismissed
 * toast is removed from the store after 1000000 ms (its exit state stays renderable meanwhile).
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
  variant?: ToastVariant;
  /** Display time in ms; the provider default (5000) applies when omitted. */
  duration?: number;
}

export interface ToasterToast extends ToastInput {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

let count = 0;
let toasts: ToasterToast[] = [];
const listeners = new Set<() => void>();

function setToasts(next: ToasterToast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/** Closes a toast (its exit state stays renderable) and removes it after the delay. */
function close(id: string): void {
  if (!toasts.some((t) => t.id === id && t.open)) return;
  setToasts(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = count.toString();
  const dismiss = () => close(id);
  const shown: ToasterToast = {
    ...input,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss();
    },
  };
  setToasts([shown, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss };
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(toastId?: string): void {
  for (const { id } of toasts) if (toastId === undefined || id === toastId) close(id);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

const snapshot = () => toasts;

/**
 * The toasts to show. An external store subscription, so a toast raised by a page's first
 * effect (a payment return), before the toaster's own effects ran, is not lost.
 */
export function useToast() {
  return {
    toasts: useSyncExternalStore(subscribe, snapshot, snapshot),
    toast,
    dismiss: dismissToast,
  };
}
