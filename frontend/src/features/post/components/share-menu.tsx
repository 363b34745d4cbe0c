import { Check, Link2, Share2 } from 'lucide-react';
import { type SyntheticEvent, useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { useHydrated } from '@/lib/use-hydrated';

import { fetchShareCardFile } from '../api/share-card';
import { postShareUrl, SHARE_TARGETS, shareText, shareUrl } from '../share-links';

/** Spec §9: the copy confirmation resets after 2 seconds. */
export const COPIED_CONFIRMATION_MS = 2000;

interface ShareMenuProps {
  postId: string;
  rating: string | null;
  /** The viewer posted it: the text says "my" rating, else "this" one. */
  isOwner: boolean;
}

/**
 * Whether Share opens the system's share sheet: a touch-first device (a phone, a tablet) whose
 * browser has the Web Share API. Elsewhere the menu of links is the better choice.
 */
function hasSystemShare(): boolean {
  return (
    typeof navigator.share === 'function' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(pointer: coarse)').matches
  );
}

/**
 * The share card as a file, fetched ahead: a browser lets a page share only just after a tap,
 * so the file must be ready when the tap comes. Null until it is (or when it cannot be had).
 */
function useShareCardFile(postId: string, wanted: boolean): File | null {
  const [file, setFile] = useState<File | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    fetchShareCardFile(postId).then(
      (card) => current && setFile(card),
      () => current && setFile(null),
    );
    return () => {
      current = false;
    };
  }, [postId, wanted]);
  return file;
}

/**
 * Spec §7: share to X, Facebook, WhatsApp and Reddit, or copy the post's address. On phones the
 * system's share sheet opens instead (with the card image where the browser takes files), and
 * the links remain the fallback when it cannot.
 */
export function ShareMenu({ postId, rating, isOwner }: ShareMenuProps) {
  const [copied, setCopied] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Known in the browser only: a server-rendered page hydrates with the menu, then switches.
  const systemShare = useHydrated() && hasSystemShare();
  const card = useShareCardFile(postId, systemShare);
  // The links are drawn once the menu opens, in the browser: the server's render has no origin.
  const url = postShareUrl(typeof window === 'undefined' ? '' : window.location.origin, postId);
  const text = shareText(rating, isOwner);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Failed to copy',
        description: 'Copy the address from your browser instead.',
      });
    }
  };

  const shareThroughSystem = async () => {
    const data: ShareData = { title: 'SoleScore', text, url };
    const withCard: ShareData = card ? { ...data, files: [card] } : data;
    try {
      await navigator.share(card && navigator.canShare?.(withCard) ? withCard : data);
    } catch (error) {
      // Closing the sheet is a choice, not a failure; anything else falls back to the links.
      if ((error as DOMException).name !== 'AbortError') setMenuOpen(true);
    }
  };

  // The menu opens on pointer down and on Enter, Space or ArrowDown; with the system's sheet
  // the button shares on click instead, and the menu is only its fallback.
  const keepMenuClosed = (event: SyntheticEvent) => {
    if (systemShare && !menuOpen) event.preventDefault();
  };

  return (
    <>
      <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            // Tells a test (and a curious reader) whether the card file is in for the sheet.
            data-share-card={systemShare ? (card ? 'ready' : 'pending') : undefined}
            onPointerDown={keepMenuClosed}
            onKeyDown={keepMenuClosed}
            onClick={systemShare && !menuOpen ? () => void shareThroughSystem() : undefined}
          >
            {copied ? <Check aria-hidden="true" /> : <Share2 aria-hidden="true" />}
            {copied ? 'Copied' : 'Share'}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Share this post</DropdownMenuLabel>
          {SHARE_TARGETS.map(({ target, label }) => (
            <DropdownMenuItem key={target} asChild>
              <a href={shareUrl(target, url, text)} target="_blank" rel="noopener noreferrer">
                {label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void copyLink()}>
            <Link2 aria-hidden="true" />
            Copy link
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <span role="status" className="sr-only">
        {copied ? 'Link copied' : ''}
      </span>
    </>
  );
}
