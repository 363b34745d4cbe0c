import { parentPort } from 'node:worker_threads';
import { lowerThisThread } from '../threads/background-priority';
import { measurePicture } from '../../domain/photo-rating/picture-content';
import { fingerprintPhoto } from '../../domain/post/photo-fingerprint';
import { matchingKeypoints, photoKeypoints } from './picture-keypoints';
import { measureFeatures } from './photo-measures';
import type { PixelAnswers, PixelMessage, PixelReply, PixelRequest } from './pixel-protocol';

/**
 * The pixel worker thread: the loops over an image's pixels that libvips does not do (the
 * re-post fingerprint, the offline rater's measures, the picture measures, keypoints and their
 * check), one request at a time in the order they come, so the event loop never runs them (see
 * pixel-thread.ts).
 */
const port = parentPort;
if (!port) throw new Error('pixel-worker runs only as a worker thread');
// Below the event loop, which answers requests while this works (background-priority.ts).
lowerThisThread();

let queue: Promise<unknown> = Promise.resolve();

port.on('message', (message: PixelMessage) => {
  queue = queue.then(async () => {
    let reply: PixelReply;
    try {
      reply = { id: message.id, ok: true, value: await answer(message) };
    } catch (error) {
      reply = {
        id: message.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    port.postMessage(reply);
  });
});

async function answer(request: PixelRequest): Promise<PixelAnswers[PixelRequest['op']]> {
  switch (request.op) {
    case 'fingerprint':
      return fingerprintPhoto(request.grey);
    case 'features':
      return measureFeatures(request.rgb.data, request.rgb, request.source);
    case 'pictureMeasures':
      return measurePicture(request.rgb);
    case 'keypoints':
      return photoKeypoints(request.grey);
    case 'match':
      return matchingKeypoints(request.upload, request.post);
  }
}
