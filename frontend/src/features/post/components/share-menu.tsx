import { Check, Link2, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';

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

import { postShareUrl, SHARE_TARGETS, shareText, shareUrl } from '../share-links';

/** Spec §9: the copy confirmation resets after 2 seconds. */
export const COPIED_CONFIRMATION_MS = 2000;

interface ShareMenuProps {
  postId: string;
  rating: string | null;
}

/** Spec §7: share to X, Facebook, WhatsApp and Reddit, or copy the post's address. */
export function ShareMenu({ postId, rating }: ShareMenuProps) {
  const [copied, setCopied] = useState(false);
  const url = postShareUrl(window.location.origin, postId);
  const text = shareText(rating);

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

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">
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
