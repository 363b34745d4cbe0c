import { EDIT_KINDS, editPhoto, fixturePhoto } from '../../bench/repost-edits';
import { type Fingerprinted, fingerprinted, howFound } from '../../bench/repost-rates';

/**
 * The re-post check on real photos (`npm run repost:rates` measures all of them): a few photos,
 * every edit kind the check is built for. Before the fingerprint, a mirror, a 5% crop or a 3°
 * turn went unfound; before its second version, crops of 10% or more from one corner, 15% off
 * one side, and a 10° turn on a grown canvas.
 */
const PHOTOS = [
  'content-gate/plain/rocket.jpg',
  'content-gate/animal/chelsea.jpg',
  'repost/coins.jpg',
];

describe('re-post fingerprint on real photos', () => {
  jest.setTimeout(120_000);
  const originals = new Map<string, Fingerprinted>();
  beforeAll(async () => {
    for (const name of PHOTOS) originals.set(name, await fingerprinted(fixturePhoto(name)));
  });

  it.each(EDIT_KINDS)('finds the post of a photo from an upload of it edited: %s', async (kind) => {
    for (const name of PHOTOS) {
      const edited = await fingerprinted(await editPhoto(fixturePhoto(name), kind));
      expect({ name, found: howFound(edited, originals.get(name)!) !== null }).toEqual({
        name,
        found: true,
      });
    }
  });

  it('takes no photo for another, edited or not', async () => {
    const matches: string[] = [];
    for (const upload of PHOTOS) {
      const edits = [fixturePhoto(upload), await editPhoto(fixturePhoto(upload), 'mirror')];
      for (const photo of edits) {
        const fingerprint = await fingerprinted(photo);
        for (const post of PHOTOS) {
          if (post !== upload && howFound(fingerprint, originals.get(post)!)) {
            matches.push(`${upload} → ${post}`);
          }
        }
      }
    }
    expect(matches).toEqual([]);
  });
});
