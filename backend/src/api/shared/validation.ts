import { ValidationPipe } from '@nestjs/common';
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
 * The one validation pipe: unknown fields are refused, each field reports its first problem,
 * and the error filter answers the first message as `{ message }`.
 */
export function apiValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
  });
}
