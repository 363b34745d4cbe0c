import sharp from 'sharp';
import { makeJpeg } from '../../../test/support/test-images';
import { cardOverlay, sharpShareCardRenderer } from './share-card-renderer';

const RANKED = { score: '8.1/10', label: 'EXCELLENT', rank: '#2 this week', site: 'SoleScore' };

describe('the share card drawn with sharp', () => {
  it('cover-crops any photo to a 1200×630 JPEG', async () => {
    for (const [width, height] of [
      [300, 900],
      [2000, 400],
    ]) {
      const card = await sharpShareCardRenderer.render(
        await makeJpeg({ width, height, seed: width }),
        RANKED,
      );
      expect(await sharp(card).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1200,
        height: 630,
      });
    }
  });

  it('draws the text: a different score changes the pixels where the score is', async () => {
    const photo = await makeJpeg({ width: 800, height: 600, seed: 3 });
    const region = { left: 40, top: 420, width: 500, height: 140 };
    const pixels = async (score: string) =>
      sharp(await sharpShareCardRenderer.render(photo, { ...RANKED, score }))
        .extract(region)
        .raw()
        .toBuffer();
    expect((await pixels('8.1/10')).equals(await pixels('3.4/10'))).toBe(false);
  });

  it('escapes the text it is given', () => {
    const overlay = cardOverlay({ ...RANKED, label: '<b>&' });
    expect(overlay).toContain('&lt;b&gt;&amp;');
    expect(overlay).not.toContain('<b>');
  });
});
