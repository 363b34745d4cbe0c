import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Calls `onVisible` when the returned element comes near the viewport (600 px ahead), while
 * `enabled`. Where IntersectionObserver is missing, nothing happens and the visible "Load more"
 * button does the work.
 */
export function useLoadMoreWhenVisible<T extends Element>(enabled: boolean, onVisible: () => void) {
  const ref = useRef<T>(null);
  const loadMore = useEffectEvent(onVisible);

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);

  return ref;
}
