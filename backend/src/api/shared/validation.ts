import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';

/**
 * Applies property decorators so that they run in the order written. Stacked decorators are
 * applied bottom-up, and with `stopAtFirstError` the one applied first is the one whose message
 * is answered; listing the checks in one call keeps "required" before "too short".
 */
export function Checks(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => {
    for (const decorate of decorators) decorate(target, key);
  };
}

export const Trimmed = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * The one validation pipe: each field reports its first problem, and the error filter answers
 * the first message as `{ message }`. Unknown fields of a body are refused (a misspelt field
 * would otherwise be lost without a word); unknown query parameters are dropped, as the web
 * expects of an address (a cache-buster, a campaign tag).
 */
export function apiValidationPipe(): ValidationPipe {
  return new ApiValidationPipe();
}

const OPTIONS = {
  whitelist: true,
  forbidUnknownValues: true,
  transform: true,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
} as const;

class ApiValidationPipe extends ValidationPipe {
  private readonly queryPipe = new ValidationPipe({ ...OPTIONS, forbidNonWhitelisted: false });

  constructor() {
    super({ ...OPTIONS, forbidNonWhitelisted: true });
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    return metadata.type === 'query'
      ? this.queryPipe.transform(value, metadata)
      : super.transform(value, metadata);
  }
}
