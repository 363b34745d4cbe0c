import sharp from 'sharp';
import type {
  ShareCardRenderer,
  ShareCardText,
} from '../../application/ports/share-card-renderer.port';

const WIDTH = 1200;
const HEIGHT = 630;
/** Fonts fontconfig finds on the images we ship (DejaVu, Liberation), then any sans. */
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

/**
 * The text layer: a dark band along the bottom (so white text reads on any photo), the score
 * large with its label beside it, the rank above it in a pill, the site's name top left.
 */
export function cardOverlay(text: ShareCardText): string {
  const score = text.score ?? 'Not rated yet';
  const rank = text.rank
    ? `<rect x="56" y="364" rx="26" ry="26" width="${40 + text.rank.length * 21}" height="52" fill="#f59e0b"/>
       <text x="76" y="401" font-size="32" font-weight="700" fill="#1c1917">${xml(text.rank)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/>
      <stop offset="0.45" stop-color="#000" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.85"/>
    </linearGradient>
  </defs>
  <rect x="0" y="260" width="${WIDTH}" height="${HEIGHT - 260}" fill="url(#shade)"/>
  <rect x="40" y="36" rx="22" ry="22" width="${48 + text.site.length * 20}" height="56" fill="#000" fill-opacity="0.6"/>
  <text x="64" y="75" font-family="${FONT}" font-size="32" font-weight="700" fill="#fff">${xml(text.site)}</text>
  <g font-family="${FONT}">
    ${rank}
    <text x="56" y="${text.score ? 540 : 530}" font-size="${text.score ? 120 : 80}" font-weight="700" fill="#fff">${xml(score)}</text>
    ${text.label ? `<text x="60" y="592" font-size="40" font-weight="700" fill="#fcd34d" letter-spacing="2">${xml(text.label)}</text>` : ''}
  </g>
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
