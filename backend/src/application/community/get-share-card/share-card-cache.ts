import { Injectable } from '@nestjs/common';
import type { ShareCard } from './get-share-card.query';

/** Cards are PNGs of the share card's size: this many keeps the cache to tens of MB. */
export const CACHED_CARDS = 250;

/**
 * Drawn cards by post, the least recently used dropped past `CACHED_CARDS`. An entry holds one
 * version: a post whose score, label or rank changed is drawn again, and a post no longer public
 * loses its entry when its card is next asked for (and is never served from it meanwhile).
 * Two requests for a card being drawn share the one drawing.
 */
@Injectable()
export class ShareCardCache {
  private readonly cards = new Map<string, Promise<ShareCard>>();
  /** The version each kept card is (or is being) drawn for, known before its drawing ends. */
  private readonly versions = new Map<string, string>();

  /** How many cards are kept (a spec lowers it). */
  capacity = CACHED_CARDS;

  async get(postId: string, version: string, draw: () => Promise<Buffer>): Promise<ShareCard> {
    const cached = this.cards.get(postId);
    if (cached) {
      const card = await cached.catch(() => null);
      if (card?.version === version && this.cards.get(postId) === cached) {
        // Most recently used last.
        this.cards.delete(postId);
        this.cards.set(postId, cached);
        return card;
      }
    }
    const drawing = draw().then((image) => ({ version, image }));
    this.cards.delete(postId);
    this.cards.set(postId, drawing);
    this.versions.set(postId, version);
    drawing.catch(() => {
      if (this.cards.get(postId) === drawing) this.forget(postId);
    });
    while (this.cards.size > this.capacity) {
      const oldest = this.cards.keys().next().value as string;
      this.forget(oldest);
    }
    return drawing;
  }

  /** Whether the card of this version is kept or being drawn: asking for it draws nothing. */
  holds(postId: string, version: string): boolean {
    return this.versions.get(postId) === version && this.cards.has(postId);
  }

  forget(postId: string): void {
    this.cards.delete(postId);
    this.versions.delete(postId);
  }

  has(postId: string): boolean {
    return this.cards.has(postId);
  }
}
