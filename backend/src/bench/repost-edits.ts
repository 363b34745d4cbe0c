import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * What a re-poster does to someone else's photo, made with sharp: the edits the re-post check
 * must see through (docs/trust-and-safety.md "Re-posted photos"), and the real photos they are
 * measured on.
 */

/** The fixture photos: real photographs, each a different scene (licences beside them). */
export const REPOST_PHOTOS = [
  'content-gate/face/astronaut.jpg',
  'content-gate/face/camera.jpg',
  'content-gate/plain/brick.jpg',
  'content-gate/plain/coffee.jpg',
  'content-gate/plain/rocket.jpg',
  'content-gate/animal/chelsea.jpg',
  'repost/cell.jpg',
  'repost/clock.jpg',
  'repost/coins.jpg',
  'repost/grass.jpg',
  'repost/gravel.jpg',
  'repost/hubble-deep-field.jpg',
  'repost/immunohistochemistry.jpg',
  'repost/retina.jpg',
  'repost/text.jpg',
] as const;

export const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures');

export function fixturePhoto(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}

/**
 * Each edit, by name. A crop of n% keeps (100 - n)% of each side: centred, from one corner (the
 * centre moves most), or n% of the width off one side. A turn either keeps the whole turned
 * photo on a larger black canvas (`fill`) or trims it to the largest upright rectangle of the
 * photo's shape inside it (`trim`, what an editor's straighten tool does).
 */
export const EDIT_KINDS = [
  'mirror',
  'crop 5% centred',
  'crop 10% centred',
  'crop 15% centred',
  'crop 5% corner',
  'crop 10% corner',
  'crop 15% corner',
  'crop 15% side',
  'turn 3° trim',
  'turn 5° trim',
  'turn 10° trim',
  'turn -10° trim',
  'turn 3° fill',
  'turn 10° fill',
  'JPEG q50',
  'resize 50%',
  'brightness +10%',
  'brightness -10%',
  'saturation +10%',
  'saturation -10%',
  'mirror + crop 10% centred + turn 5° trim + JPEG q50',
  'crop 10% corner + turn -5° trim + brightness -10%',
  'turn 3° fill + resize 50% + saturation +10%',
] as const;

export type EditKind = (typeof EDIT_KINDS)[number];

export async function editPhoto(photo: Buffer, kind: EditKind): Promise<Buffer> {
  let result = photo;
  for (const step of kind.split(' + ')) result = await editStep(result, step);
  return result;
}

async function editStep(photo: Buffer, step: string): Promise<Buffer> {
  const { width, height } = await sharp(photo).metadata();
  const jpeg = (image: sharp.Sharp) => image.jpeg({ quality: 90 }).toBuffer();
  if (step === 'mirror') return jpeg(sharp(photo).flop());
  if (step === 'JPEG q50') return sharp(photo).jpeg({ quality: 50 }).toBuffer();
  if (step === 'resize 50%')
    return sharp(photo)
      .resize({ width: Math.round(width / 2) })
      .png()
      .toBuffer();
  const crop = /^crop (\d+)% (centred|corner|side)$/.exec(step);
  if (crop) {
    const share = Number(crop[1]) / 100;
    if (crop[2] === 'side') {
      const left = Math.round(width * share);
      return jpeg(sharp(photo).extract({ left, top: 0, width: width - left, height }));
    }
    const kept = {
      width: Math.round(width * (1 - share)),
      height: Math.round(height * (1 - share)),
    };
    const centred = crop[2] === 'centred';
    const left = centred ? Math.round((width - kept.width) / 2) : 0;
    const top = centred ? Math.round((height - kept.height) / 2) : 0;
    return jpeg(sharp(photo).extract({ left, top, ...kept }));
  }
  const turn = /^turn (-?\d+)° (fill|trim)$/.exec(step);
  if (turn) {
    const degrees = Number(turn[1]);
    const turned = await sharp(photo)
      .rotate(degrees, { background: '#000000' })
      .toBuffer({ resolveWithObject: true });
    if (turn[2] === 'fill') return jpeg(sharp(turned.data));
    const radians = (Math.abs(degrees) * Math.PI) / 180;
    const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
    const fits = Math.min(
      width / (width * cos + height * sin),
      height / (width * sin + height * cos),
    );
    const kept = { width: Math.floor(width * fits) - 2, height: Math.floor(height * fits) - 2 };
    const left = Math.floor((turned.info.width - kept.width) / 2);
    const top = Math.floor((turned.info.height - kept.height) / 2);
    return jpeg(sharp(turned.data).extract({ left, top, ...kept }));
  }
  const colour = /^(brightness|saturation) ([+-])10%$/.exec(step);
  if (colour) {
    const factor = colour[2] === '+' ? 1.1 : 0.9;
    return jpeg(sharp(photo).modulate({ [colour[1]]: factor }));
  }
  throw new Error(`Unknown edit: ${step}`);
}
