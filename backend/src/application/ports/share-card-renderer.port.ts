/**
 * Draws a post's share card: the image link previews show (1200×630, JPEG). The adapter renders
 * with sharp (libvips, with librsvg for the text).
 */
export const SHARE_CARD_RENDERER = Symbol('ShareCardRenderer');

export interface ShareCardText {
  /** "8.1/10", or null before any rating. */
  score: string | null;
  /** "EXCELLENT", or null before any rating. */
  label: string | null;
  /** "#2 this week", or null off this week's board. */
  rank: string | null;
  /** The site's name, in the corner. */
  site: string;
}

export interface ShareCardRenderer {
  /** The stored photo cover-cropped to 1200×630 with the text drawn over it: JPEG bytes. */
  render(photo: Buffer, text: ShareCardText): Promise<Buffer>;
}
