import { loadConfig } from '../../../config/config';
import { MemoryImages } from '../../../../test/support/memory-images';
import { ScriptedContentGate } from '../../../../test/support/scripted-content-gate';
import type { UseCaseWorld } from '../../../../test/support/use-case-specification';
import { SimilarPhotos } from '../../community/similar-photos';
import type { ImageProcessor } from '../../ports/image-processor.port';
import type { PhotoRater } from '../../ports/rater.port';
import { StreamWrites } from '../../shared/stream-writes';
import { PhotoAssessment } from '../photo-assessment';
import { UploadChecks } from '../upload-checks';

/**
 * What the photo-rating handlers are built from, on a use-case spec's world: images kept in
 * memory, a content gate that passes everything unless the spec scripts it, the checks before
 * the rater, and the test configuration. The image processor and the rater are the spec's (the
 * real ones are adapters).
 */
export function photoServices(world: UseCaseWorld, processor: ImageProcessor) {
  const config = loadConfig({ NODE_ENV: 'test' });
  const writes = new StreamWrites(world.eventStore, world.clock, world.progress);
  const images = new MemoryImages();
  const gate = new ScriptedContentGate();
  const similar = new SimilarPhotos(world.readStore, images, processor);
  const uploadChecks = new UploadChecks(writes, gate, similar, world.readStore, config);
  return {
    config,
    writes,
    images,
    gate,
    uploadChecks,
    assessment: (rater: PhotoRater) =>
      new PhotoAssessment(images, writes, rater, processor, uploadChecks),
  };
}

export type PhotoServices = ReturnType<typeof photoServices>;
