import { isImageFile, NOT_AN_IMAGE_MESSAGE } from './image-file';

/** The server's limit (a larger file is refused with 413 after being sent in full). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The server's own words for a file over its limit. */
export const TOO_LARGE_MESSAGE = 'Images must be 10 MB or smaller. Please choose a smaller photo.';

/** The shortest side the server can judge; a smaller photo is refused (422) unrated. */
export const MIN_IMAGE_SIDE = 256;

/** The server's own words for a photo too small to judge. */
export const TOO_SMALL_MESSAGE =
  'This photo is too small to check. Please upload a photo at least 256 pixels on its shorter side.';

/** The decoded size of an image, or null where this browser cannot decode it (HEIC, say). */
export type MeasureImage = (file: File) => Promise<{ width: number; height: number } | null>;

const measureImage: MeasureImage = async (file) => {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
};

/**
 * What the server would refuse without rating, told before anything is sent: not an image,
 * over 10 MB, or under 256 pixels on the short side. Null when the file may go; an image this
 * browser cannot decode goes too, and the server judges it.
 */
export async function imageFileProblem(
  file: File,
  measure: MeasureImage = measureImage,
): Promise<string | null> {
  if (!isImageFile(file)) return NOT_AN_IMAGE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return TOO_LARGE_MESSAGE;
  const size = await measure(file);
  if (size && Math.min(size.width, size.height) < MIN_IMAGE_SIDE) return TOO_SMALL_MESSAGE;
  return null;
}
