import { useEffect } from 'react';

export interface DocumentHead {
  title: string;
  description: string;
  /** Path only, e.g. '/termsofservice'; the current origin is prepended. Omit for pages
   * that should not be indexed under a canonical address (e.g. the 404 page). */
  canonicalPath?: string;
}

function upsertHeadElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.appendChild(element);
  return element;
}

/** Sets the page title, search description and canonical link for the current screen. */
export function useDocumentHead({ title, description, canonicalPath }: DocumentHead): void {
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title;

    const meta = upsertHeadElement('meta[name="description"]', () => {
      const element = document.createElement('meta');
      element.name = 'description';
      return element;
    });
    const previousDescription = meta.content;
    meta.content = description;

    let canonical: HTMLLinkElement | null = null;
    if (canonicalPath !== undefined) {
      canonical = upsertHeadElement('link[rel="canonical"]', () => {
        const element = document.createElement('link');
        element.rel = 'canonical';
        return element;
      });
      canonical.href = `${window.location.origin}${canonicalPath}`;
    }

    return () => {
      document.title = previousTitle;
      meta.content = previousDescription;
      canonical?.remove();
    };
  }, [title, description, canonicalPath]);
}
