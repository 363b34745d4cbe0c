import sharp from 'sharp';
import { makeJpeg } from '../../../test/support/test-images';
import { setText } from './card-font';
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

  it('draws every word as outlines of the app’s font: no text element, no font asked of the system', () => {
    const overlay = cardOverlay({ ...RANKED, label: '<b>&' });
    expect(overlay).not.toMatch(/<text|font-family|<b>/);
    expect(overlay.match(/<path d="M/g)).toHaveLength(4);
  });

  it('sizes the site’s pill to the measured text: wide letters get a wider pill than narrow ones', () => {
    const pillWidth = (site: string) =>
      Number(
        /<rect x="40" y="36"[^>]* width="([\d.]+)"/.exec(cardOverlay({ ...RANKED, site }))?.[1],
      );
    expect(pillWidth('WWWW')).toBeGreaterThan(pillWidth('iiii') + 60);
    // The text starts 24 px into its pill and ends 24 px before the pill's end.
    expect(pillWidth('SoleScore')).toBeCloseTo(48 + setText('SoleScore', 0, 0, 32).width, 1);
  });
});
