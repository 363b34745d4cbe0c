/** The part of opentype.js the share card uses (version 2 ships no types). */
declare module 'opentype.js' {
  interface Path {
    /**
     * SVG path data; `decimalPlaces` rounds the coordinates. `flipY` (on by default in version 2)
     * mirrors the outline about its own bounding box: off for coordinates as `getPath` set them.
     */
    toPathData(options?: { decimalPlaces?: number; flipY?: boolean }): string;
  }
  interface Glyph {
    /** In font units. */
    advanceWidth: number;
    /** The outline with its origin (on the baseline) at x, y. */
    getPath(x: number, y: number, fontSize: number): Path;
  }
  interface Font {
    unitsPerEm: number;
    /** The font's glyph for one character (its `.notdef` glyph when it has none). */
    charToGlyph(character: string): Glyph;
  }
  /** Reads a TrueType, OpenType or WOFF font (not WOFF2). */
  export function parse(buffer: ArrayBuffer): Font;
  export type { Font, Glyph, Path };
}
