/**
 * How deep a JSON request body may nest. The api's bodies are at most two levels deep (a
 * profile's `socialLinks`); the validation pipe and class-transformer walk a body recursively,
 * so a body of thousands of `[` would exhaust the stack after tens of milliseconds of work.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

/** What the body parser reports when `verify` refuses a body: answered 400 by the error filter. */
export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';

  constructor() {
    super(TOO_DEEP_MESSAGE);
    this.name = 'JsonTooDeepError';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Refuses a body nested deeper than `maxDepth`, from its raw bytes and before it is parsed: one
 * pass over at most the parser's size limit, no allocation. Brackets inside strings do not
 * count. A body that is not JSON at all is left for the parser to refuse.
 */
export function assertJsonDepth(body: Uint8Array, maxDepth = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) throw new JsonTooDeepError();
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
}
