import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { EMPTY_PICTURES } from '../support/empty-pictures';
import { startTestApp, storedFiles, type TestApp } from '../support/test-app';

const NO_PICTURE = /^This doesn't look like a photo/;

/**
 * An upload that carries no picture (one colour, noise, a gradient, text only) is refused before
 * the content gate is asked, recorded as such, and never stored nor rated; a real photograph
 * goes on to the gate and gets its rating.
 */
describe('POST /api/upload of an image with no picture in it', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_LIMIT_PER_HOUR: '1000' });
  });
  afterAll(() => app.close());
  beforeEach(() => app.gate.reset());

  const upload = (image: Buffer) =>
    request(app.server)
      .post('/api/upload')
      .attach('image', image, { filename: 'feet.jpg', contentType: 'image/jpeg' });
  const rejections = async () =>
    (await app.events.readAll()).filter((event) => event.type === 'PhotoRejected');

  it.each(EMPTY_PICTURES.map((sample) => [sample.name, sample] as const))(
    'given %s, when uploaded, then it is refused as no photo before the gate, and recorded',
    async (_name, sample) => {
      const before = (await rejections()).length;

      const answer = await upload(await sample.make()).expect(422);

      expect(answer.body).toEqual({ message: expect.stringMatching(NO_PICTURE) });
      expect(app.gate.judged).toEqual([]);
      expect(storedFiles(app)).toEqual([]);
      const recorded = (await rejections()).slice(before);
      expect(recorded.map((event) => event.data)).toEqual([
        expect.objectContaining({
          reason: 'no_picture',
          rater: 'upload-checks',
          emptyPicture: sample.kind,
        }),
      ]);
    },
  );

  it('given a real photograph, when uploaded, then it passes on to the gate and is rated', async () => {
    const photo = readFileSync(join(__dirname, '../fixtures/content-gate/plain/coffee.jpg'));

    const answer = await upload(photo).expect(200);

    expect(answer.body).toMatchObject({
      averageRating: expect.stringMatching(/^\d+\.\d$/),
      rater: 'offline',
    });
    expect(app.gate.judged).toHaveLength(1);
  });
});
