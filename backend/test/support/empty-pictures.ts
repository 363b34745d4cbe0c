import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { seededRandom } from './seeded-random';

/**
 * Images that carry no picture, as an upload of them would come: one colour, noise, a gradient,
 * text only. Made with sharp from fixed arguments, so the same bytes every run.
 */
export type EmptyPictureSample = { name: string; kind: 'flat' | 'noise' | 'smooth' | 'text' };

const svg = (width: number, height: number, body: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`,
    ),
  )
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();

const gradient = (kind: 'linear' | 'radial', attributes: string, stops: string[]) =>
  `<defs><${kind}Gradient id="g" ${attributes}>${stops
    .map((colour, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${colour}"/>`)
    .join('')}</${kind}Gradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`;

const lines = (fill: string, size: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `<text x="20" y="${40 + i * size * 1.4}" font-family="sans-serif" font-size="${size}" fill="${fill}">Lorem ipsum dolor sit amet, consectetur ${i}</text>`,
  ).join('');

function noise(width: number, height: number, seed: number, grey: boolean): Promise<Buffer> {
  const random = seededRandom(seed);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const value = Math.floor(random() * 256);
    pixels[i * 3] = grey ? value : Math.floor(random() * 256);
    pixels[i * 3 + 1] = grey ? value : Math.floor(random() * 256);
    pixels[i * 3 + 2] = grey ? value : Math.floor(random() * 256);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const flat = (colour: string, width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Every sample, with what the upload checks must find it to be. */
export const EMPTY_PICTURES: (EmptyPictureSample & { make: () => Promise<Buffer> })[] = [
  { name: 'a flat grey square', kind: 'flat', make: () => flat('#808080', 600, 600) },
  { name: 'a flat red image', kind: 'flat', make: () => flat('#ff0000') },
  { name: 'a black image', kind: 'flat', make: () => flat('#000000') },
  { name: 'a white image', kind: 'flat', make: () => flat('#ffffff') },
  { name: 'colour noise, 256 px', kind: 'noise', make: () => noise(256, 256, 3, false) },
  { name: 'grey noise, 400 px', kind: 'noise', make: () => noise(400, 300, 4, true) },
  { name: 'colour noise, 2000 px', kind: 'noise', make: () => noise(2000, 1500, 5, false) },
  {
    name: 'gaussian noise on a colour',
    kind: 'noise',
    make: () =>
      sharp({
        create: {
          width: 480,
          height: 360,
          channels: 3,
          background: { r: 53, g: 97, b: 193 },
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg()
        .toBuffer(),
  },
  {
    name: 'a black-to-white gradient',
    kind: 'smooth',
    make: () => svg(800, 600, gradient('linear', '', ['#000', '#fff'])),
  },
  {
    name: 'a diagonal colour gradient',
    kind: 'smooth',
    make: () => svg(800, 600, gradient('linear', 'x2="1" y2="1"', ['#e66465', '#9198e5'])),
  },
  {
    name: 'a three-colour gradient',
    kind: 'smooth',
    make: () => svg(1000, 600, gradient('linear', '', ['#f00', '#0f0', '#00f'])),
  },
  {
    name: 'a radial gradient',
    kind: 'smooth',
    make: () => svg(800, 800, gradient('radial', '', ['#fff', '#000'])),
  },
  {
    name: 'an off-centre radial gradient',
    kind: 'smooth',
    make: () =>
      svg(1000, 700, gradient('radial', 'cx="0.2" cy="0.3" r="0.9"', ['#fff', '#888', '#111'])),
  },
  { name: 'black text on white', kind: 'text', make: () => svg(800, 600, lines('#000', 28, 12)) },
  {
    name: 'white text on black',
    kind: 'text',
    make: () =>
      svg(800, 600, `<rect width="800" height="600" fill="#000"/>${lines('#fff', 24, 14)}`),
  },
  {
    name: 'yellow text on blue',
    kind: 'text',
    make: () =>
      svg(800, 600, `<rect width="800" height="600" fill="#1e3a8a"/>${lines('#fde047', 30, 10)}`),
  },
  {
    name: 'one big word',
    kind: 'text',
    make: () =>
      svg(
        800,
        600,
        '<text x="40" y="320" font-family="sans-serif" font-size="120" fill="#000">FEET!</text>',
      ),
  },
];

const FIXTURES = join(__dirname, '../fixtures');

/**
 * Every photograph the tests use (no photo of a real foot ships with any package we could use:
 * see test/fixtures/content-gate/LICENSES.md): faces, a person, an animal, objects, textures,
 * printed text, microscope slides and the stars.
 */
export function realPhotos(): { name: string; bytes: Buffer }[] {
  const folders = [
    'content-gate/face',
    'content-gate/person',
    'content-gate/plain',
    'content-gate/animal',
    'repost',
  ];
  return folders.flatMap((folder) =>
    readdirSync(join(FIXTURES, folder))
      .filter((file) => file.endsWith('.jpg'))
      .map((file) => ({
        name: `${folder}/${file}`,
        bytes: readFileSync(join(FIXTURES, folder, file)),
      })),
  );
}
