/** The formats the upload hint promises; the server reads the real type from the bytes. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** Spec §5: the client check before any upload. */
export const NOT_AN_IMAGE_MESSAGE = 'Please upload an image file';

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}
