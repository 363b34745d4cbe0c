import { useEffect, useSyncExternalStore } from 'react';

/**
 * How many modal dialogs (dialogs and sheets) are open. While one is, the toaster keeps its
 * toasts back: a toast over a modal dialog would cover it, take its first Escape and sit outside
 * what a screen reader is reading. A dialog says its own errors inside itself
 * (docs/decisions/dialog-errors-and-focus.md); what a toast says waits until the dialog closes.
 */
let openDialogs = 0;
const listeners = new Set<() => void>();

function setOpenDialogs(next: number): void {
  openDialogs = next;
  listeners.forEach((listener) => listener());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

const snapshot = () => openDialogs > 0;

/** Whether a modal dialog is open now. */
export function useIsDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Counts its dialog as open while it is mounted (Radix mounts a dialog's content only open). */
function useCountAsOpenDialog(): void {
  useEffect(() => {
    setOpenDialogs(openDialogs + 1);
    return () => setOpenDialogs(openDialogs - 1);
  }, []);
}

/** Rendered inside a dialog's content: see `useCountAsOpenDialog`. */
export function OpenDialogMark(): null {
  useCountAsOpenDialog();
  return null;
}
