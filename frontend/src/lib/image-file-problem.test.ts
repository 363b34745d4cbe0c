import { describe, expect, it } from 'vitest';

import { NOT_AN_IMAGE_MESSAGE } from './image-file';
import {
  imageFileProblem,
  MAX_UPLOAD_BYTES,
  TOO_LARGE_MESSAGE,
  TOO_SMALL_MESSAGE,
} from './image-file-problem';

const fileOf = (bytes: number, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], 'feet.jpg', { type });
const sized = (width: number, height: number) => () => Promise.resolve({ width, height });

describe('imageFileProblem', () => {
  it('refuses what is not an image', async () => {
    expect(await imageFileProblem(fileOf(10, 'text/plain'), sized(800, 600))).toBe(
      NOT_AN_IMAGE_MESSAGE,
    );
  });

  it('refuses a file over 10 MB without decoding it, and lets 10 MB exactly go', async () => {
    const unmeasured = () => Promise.reject(new Error('not decoded'));
    expect(await imageFileProblem(fileOf(MAX_UPLOAD_BYTES + 1), unmeasured)).toBe(
      TOO_LARGE_MESSAGE,
    );
    expect(await imageFileProblem(fileOf(MAX_UPLOAD_BYTES), sized(800, 600))).toBeNull();
  });

  it('refuses an image under 256 pixels on its short side, in either orientation', async () => {
    expect(await imageFileProblem(fileOf(100), sized(40, 40))).toBe(TOO_SMALL_MESSAGE);
    expect(await imageFileProblem(fileOf(100), sized(1200, 255))).toBe(TOO_SMALL_MESSAGE);
    expect(await imageFileProblem(fileOf(100), sized(255, 1200))).toBe(TOO_SMALL_MESSAGE);
    expect(await imageFileProblem(fileOf(100), sized(256, 1200))).toBeNull();
  });

  it('lets an image this browser cannot decode go to the server', async () => {
    expect(await imageFileProblem(fileOf(100), () => Promise.resolve(null))).toBeNull();
  });
});
