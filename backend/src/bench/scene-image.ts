import sharp from 'sharp';
import { seededRandom } from './seeded-random';

export interface SceneOptions {
  width: number;
  height: number;
  /** Different seeds give clearly different pictures. Default 1. */
  seed?: number;
}

/**
 * A photo-like picture: a gradient, soft blobs, a block of fine stripes (detail for the focus
 * measure) and a solid red square in the top-left corner of the stored pixels, so a test can
 * tell where that corner ends up after orientation is applied.
 */
export function sceneSvg({ width, height, seed = 1 }: SceneOptions): string {
  const random = seededRandom(seed);
  const channel = () => Math.floor(40 + random() * 200);
  const colour = () => `rgb(${channel()},${channel()},${channel()})`;
  const shapes: string[] = [];
  for (let i = 0; i < 10; i++) {
    const cx = (random() * 100).toFixed(2);
    const cy = (random() * 100).toFixed(2);
    const rx = (6 + random() * 22).toFixed(2);
    const ry = (6 + random() * 22).toFixed(2);
    shapes.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${colour()}"/>`);
  }
  const stripeX = (25 + random() * 30).toFixed(2);
  const stripeY = (25 + random() * 30).toFixed(2);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"`,
    ` viewBox="0 0 100 100" preserveAspectRatio="none">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/>`,
    `</linearGradient>`,
    `<pattern id="stripes" width="2" height="2" patternUnits="userSpaceOnUse">`,
    `<rect width="1" height="2" fill="#202020"/><rect x="1" width="1" height="2" fill="#f0f0f0"/>`,
    `</pattern></defs>`,
    `<rect width="100" height="100" fill="url(#bg)"/>`,
    ...shapes,
    `<rect x="${stripeX}" y="${stripeY}" width="20" height="20" fill="url(#stripes)"/>`,
    `<rect width="15" height="15" fill="#ff0000"/>`,
    `</svg>`,
  ].join('');
}

/** The scene as an image, for the bench's uploads and the tests' (test/support/test-images.ts). */
export function sceneImage(options: SceneOptions): sharp.Sharp {
  return sharp(Buffer.from(sceneSvg(options))).removeAlpha();
}
