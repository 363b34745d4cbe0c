import { Query } from '@nestjs/cqrs';

/** A stored image's bytes, whoever may see it publicly (the back office sees every image). */
export class GetStoredImageQuery extends Query<Buffer> {
  constructor(readonly key: string) {
    super();
  }
}
