import sharp from 'sharp';
import type {
  ShareCardRenderer,
  ShareCardText,
} from '../../application/ports/share-card-renderer.port';
import { setText } from './card-font';

const WIDTH = 1200;
const HEIGHT = 630;

/** A pill behind a line of text: `padding` pixels either side of the text's measured width. */
function pill(
  text: string,
  box: {
    x: number;
    y: number;
    height: number;
    radius: number;
    padding: number;
    fill: string;
    opacity?: number;
  },
  baseline: number,
  fontSize: number,
  colour: string,
): string {
  const set = setText(text, box.x + box.padding, baseline, fontSize);
  const opacity = box.opacity === undefined ? '' : ` fill-opacity="${box.opacity}"`;
  return `<rect x="${box.x}" y="${box.y}" rx="${box.radius}" ry="${box.radius}" width="${(set.width + 2 * box.padding).toFixed(2)}" height="${box.height}" fill="${box.fill}"${opacity}/>
  <path d="${set.path}" fill="${colour}"/>`;
}

/**
 * The text layer: a dark band along the bottom (so white text reads on any photo), the score
 * large with its label beside it, the rank above it in a pill, the site's name top left. Every
 * word is drawn as outlines of the app's own font (card-font.ts): the SVG holds no text, so no
 * system font is asked for and nothing the post says can become markup.
 */
export function cardOverlay(text: ShareCardText): string {
  const score = text.score ?? 'Not rated yet';
  const rank = text.rank
    ? pill(
        text.rank,
        { x: 56, y: 364, height: 52, radius: 26, padding: 20, fill: '#f59e0b' },
        401,
        32,
        '#1c1917',
      )
    : '';
  const site = pill(
    text.site,
    { x: 40, y: 36, height: 56, radius: 22, padding: 24, fill: '#000', opacity: 0.6 },
    75,
    32,
    '#fff',
  );
  const scoreText = setText(score, 56, text.score ? 540 : 530, text.score ? 120 : 80);
  const label = text.label ? setText(text.label, 60, 592, 40, 2) : null;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/>
      <stop offset="0.45" stop-color="#000" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.85"/>
    </linearGradient>
  </defs>
  <rect x="0" y="260" width="${WIDTH}" height="${HEIGHT - 260}" fill="url(#shade)"/>
  ${site}
  ${rank}
  <path d="${scoreText.path}" fill="#fff"/>
  ${label ? `<path d="${label.path}" fill="#fcd34d"/>` : ''}
</svg>`;
}

export const sharpShareCardRenderer: ShareCardRenderer = {
  async render(photo: Buffer, text: ShareCardText): Promise<Buffer> {
    return sharp(photo)
      .resize(WIDTH, HEIGHT, { fit: 'cover', position: 'attention' })
      .composite([{ input: Buffer.from(cardOverlay(text)), top: 0, left: 0 }])
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  },
};
