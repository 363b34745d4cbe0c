import type { ImageFeatures, PhotoKeypoints } from '../../application/ports/image-processor.port';
import type { PictureMeasures } from '../../domain/photo-rating/picture-content';
import type { PhotoFingerprint } from '../../domain/post/photo-fingerprint';
import type { KeypointMatch } from '../../domain/post/same-picture';

/** One channel, row by row; `data` is transferred to the worker, not copied. */
export interface GreyBuffer {
  data: Uint8Array;
  width: number;
  height: number;
}

/** What the pixel worker is asked: each names its work and carries the pixels it needs. */
export type PixelRequest =
  | { op: 'fingerprint'; grey: GreyBuffer }
  | {
      op: 'features';
      rgb: GreyBuffer & { channels: number };
      source: { width: number; height: number };
    }
  | { op: 'pictureMeasures'; rgb: GreyBuffer }
  | { op: 'keypoints'; grey: GreyBuffer }
  | { op: 'match'; upload: PhotoKeypoints; post: PhotoKeypoints };

/** What each request answers. */
export interface PixelAnswers {
  fingerprint: PhotoFingerprint;
  features: ImageFeatures;
  pictureMeasures: PictureMeasures;
  keypoints: PhotoKeypoints;
  match: KeypointMatch;
}

export type PixelMessage = PixelRequest & { id: number };

export type PixelReply =
  | { id: number; ok: true; value: PixelAnswers[PixelRequest['op']] }
  | { id: number; ok: false; message: string };
