import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/shared/errors';
import { IMAGE_STORAGE, type ImageStorage, isImageKey } from '../../ports/image-storage.port';
import { GetStoredImageQuery } from './get-stored-image.query';

export const IMAGE_NOT_FOUND = 'Image not found';

/**
 * The back office's view of a stored image: a held, hidden or removed post's photo and a
 * banned author's stay visible to the admins who decide on them, while the public address
 * (`/uploads/…`) answers 404.
 */
@QueryHandler(GetStoredImageQuery)
export class GetStoredImageHandler implements IQueryHandler<GetStoredImageQuery, Buffer> {
  constructor(@Inject(IMAGE_STORAGE) private readonly images: ImageStorage) {}

  async execute({ key }: GetStoredImageQuery): Promise<Buffer> {
    if (!isImageKey(key)) throw new NotFoundError(IMAGE_NOT_FOUND);
    const image = await this.images.get(key);
    if (!image) throw new NotFoundError(IMAGE_NOT_FOUND);
    return image;
  }
}
