import { type ArgumentMetadata, BadRequestException, ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';

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
 * A field that may be left out but is never null: unlike IsOptional, which lets null through
 * untouched, a null here meets the field's own checks and their message.
 */
export const Omittable = (): PropertyDecorator =>
  ValidateIf((_object: object, value: unknown) => value !== undefined);

/**
 * Text that is valid Unicode: JSON can carry a lone surrogate (`"\ud800"`), which no person
 * types and which some validators (IsEmail, IsUrl) cannot even percent-encode.
 */
export const IsWellFormedText = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isWellFormedText',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.isWellFormed(),
        defaultMessage: () => '$property is not valid text',
      },
    },
    options,
  );

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

/** Distinct valid queries kept per query class (boards are asked the same few many times). */
const KEPT_QUERIES = 256;

class ApiValidationPipe extends ValidationPipe {
  private readonly queryPipe = new ValidationPipe({ ...OPTIONS, forbidNonWhitelisted: false });
  /**
   * Valid queries already checked, by query class and raw parameters: checking a query depends
   * on nothing else, so the same address gets the same (frozen) object without the checks
   * running again. Refused queries are not kept.
   */
  private readonly validQueries = new Map<unknown, Map<string, Promise<unknown>>>();

  constructor() {
    super({ ...OPTIONS, forbidNonWhitelisted: true });
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'query') return this.transformQuery(value, metadata);
    if (metadata.type === 'body') {
      const key = prototypeKeyIn(value);
      // Refused like any unknown field: the class-based copy would drop it without a word.
      if (key !== null) throw new BadRequestException(`property ${key} should not exist`);
    }
    return super.transform(value, metadata);
  }

  private transformQuery(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    let kept = this.validQueries.get(metadata.metatype);
    if (!kept) {
      kept = new Map();
      this.validQueries.set(metadata.metatype, kept);
    }
    const key = JSON.stringify(value);
    const known = kept.get(key);
    if (known) return known;
    const checked = this.queryPipe
      .transform(value, metadata)
      .then((query: unknown) => Object.freeze(query));
    if (kept.size >= KEPT_QUERIES) kept.delete(kept.keys().next().value!);
    kept.set(key, checked);
    checked.catch(() => {
      if (kept.get(key) === checked) kept.delete(key);
    });
    return checked;
  }
}

/** Keys that name an object's prototype, which a class-based copy of a body never keeps. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** The first prototype key a parsed JSON body holds as its own field, at any depth, or null. */
function prototypeKeyIn(value: unknown, depth = 0): string | null {
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  // Parsed JSON only: a raw body (a Buffer) is left alone.
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return null;
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_KEYS.includes(key)) return key;
    const found = prototypeKeyIn((value as Record<string, unknown>)[key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
