import { readFileSync } from 'node:fs';
import { parse, type Font } from 'opentype.js';

/**
 * The share card's typeface: Inter Bold (SIL Open Font License 1.1), the WOFF file of the
 * `@fontsource/inter` package, which ships with the app. Its text is drawn as SVG paths made
 * from this file's outlines, so the card needs no system font and looks the same on every
 * machine (see docs/decisions/share-card-font.md).
 */
let font: Font | undefined;

function cardFont(): Font {
  if (!font) {
    const bytes = readFileSync(
      require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'),
    );
    font = parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return font;
}

export interface SetText {
  /** SVG path data of the outlines, the first glyph's origin at the given x on the baseline y. */
  path: string;
  /** The advance of the whole text, in pixels: where the next glyph would start. */
  width: number;
}

/**
 * `text` set in the card's font at `fontSize` pixels, glyph by glyph on their advance widths,
 * with `letterSpacing` pixels between glyphs. No kerning or ligatures: opentype.js cannot read
 * Inter's layout tables, and the card's few words of ASCII need neither. Width and outlines come
 * from the same numbers, so a box drawn around the text fits it on any system.
 */
export function setText(
  text: string,
  x: number,
  baseline: number,
  fontSize: number,
  letterSpacing = 0,
): SetText {
  const face = cardFont();
  const scale = fontSize / face.unitsPerEm;
  const outlines: string[] = [];
  let advance = 0;
  for (const [index, character] of [...text].entries()) {
    if (index > 0) advance += letterSpacing;
    const glyph = face.charToGlyph(character);
    outlines.push(
      glyph.getPath(x + advance, baseline, fontSize).toPathData({ decimalPlaces: 2, flipY: false }),
    );
    advance += glyph.advanceWidth * scale;
  }
  return { path: outlines.filter(Boolean).join(''), width: advance };
}
