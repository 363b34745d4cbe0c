import { applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  ApiSecurity,
} from '@nestjs/swagger';

/**
 * The pieces of the OpenAPI description (`GET /api/openapi.json`) that every context's routes
 * share: the error shape, the small answers, the refusals and the two session cookies. See
 * docs/api.md.
 */

/** Security scheme names: the user session cookie `sid` and the admin's `admin_sid`. */
export const USER_SESSION_AUTH = 'user-session';
export const ADMIN_SESSION_AUTH = 'admin-session';

/** Every refusal and failure answers this, whatever its status (see the error filter). */
export class StrikeTallyResponse {
  @ApiProperty({ description: 'Live strikes with this one', example: 1 })
  count!: number;

  @ApiProperty({ description: 'Strikes within the window that suspend posting', example: 3 })
  limit!: number;

  @ApiProperty({ description: 'The window, in days', example: 30 })
  windowDays!: number;
}

export class ErrorResponse {
  @ApiProperty({
    description: 'What went wrong, in words meant for the person using the app',
    example: 'Post not found',
  })
  message!: string;

  @ApiPropertyOptional({
    type: StrikeTallyResponse,
    description:
      'Only on a 422 refused upload that counts as a strike: the count the message gives (the page links the community rules)',
  })
  strike?: StrikeTallyResponse;
}

export class SuccessResponse {
  @ApiProperty({ type: Boolean, enum: [true] })
  success!: true;
}

export class MessageResponse {
  @ApiProperty({ example: 'If an account exists, a verification email has been sent.' })
  message!: string;
}

export class IdResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;
}

/** A category score of the AI's rating: out of 10, one decimal. */
export const CATEGORY_SCORE = {
  type: Number,
  minimum: 0,
  maximum: 10,
  description: 'Out of 10, one decimal',
  example: 7.5,
};

export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds until the limit lets this client try again',
    schema: { type: 'integer' as const, minimum: 1 },
  },
};

/**
 * The refusals a route can answer and why, each with the error shape `{ message }`. A 429
 * also names its `Retry-After` header.
 */
export function Refusals(reasons: Partial<Record<RefusalStatus, string>>) {
  return applyDecorators(
    ...Object.entries(reasons).map(([status, description]) =>
      ApiResponse({
        status: Number(status),
        description,
        type: ErrorResponse,
        ...(status === '429' ? { headers: RETRY_AFTER } : {}),
      }),
    ),
  );
}

/** The route needs a user session (cookie `sid`); without one it answers 401. */
export const UserSessionRequired = () => ApiCookieAuth(USER_SESSION_AUTH);

/** Anyone may call the route; with a user session it knows who asks. */
export const UserSessionOptional = () =>
  applyDecorators(ApiSecurity({}), ApiCookieAuth(USER_SESSION_AUTH));

/** The route needs an admin session (cookie `admin_sid`); a user session does not open it. */
export const AdminSessionRequired = () => ApiCookieAuth(ADMIN_SESSION_AUTH);

/** Anyone may call the route; with an admin session it knows which admin asks. */
export const AdminSessionOptional = () =>
  applyDecorators(ApiSecurity({}), ApiCookieAuth(ADMIN_SESSION_AUTH));

/** A multipart/form-data body carrying one image file in `field`. */
export function ImageUploadBody(field: string, description: string) {
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'string', format: 'binary', description } },
      },
    }),
  );
}

/** The `Set-Cookie` header of an answer that starts (or ends) a session. */
export function setsCookie(description: string) {
  return { 'Set-Cookie': { description, schema: { type: 'string' as const } } };
}
