import { RatePhotoHandler } from './rate-photo/rate-photo.handler';

/**
 * The photo-rating context's use cases, one folder each: rating an upload (`rate-photo/`), and
 * discarding the uploads nobody published (`discard-unpublished-uploads/`, a sweep and the
 * erasure's step rather than a command, so a service the module runs under the lease).
 */
export const RATE_PHOTO_HANDLERS = [RatePhotoHandler];
