import { type ComponentProps, lazy, Suspense } from 'react';

import type { ToastAction as LoadedToastActionType } from './toast';

// A toast's action is only rendered inside the Toaster, which loads ./toast (and Radix Toast)
// with the first toast: a page that may raise one does not download them up front.
const LoadedToastAction = lazy(() =>
  import('./toast').then((module) => ({ default: module.ToastAction })),
);

/** The action button of a toast (see ./toast's ToastAction), for `toast({ action })`. */
export function ToastAction(props: ComponentProps<typeof LoadedToastActionType>) {
  return (
    <Suspense fallback={null}>
      <LoadedToastAction {...props} />
    </Suspense>
  );
}
