import { assertJsonDepth, JsonTooDeepError, MAX_JSON_DEPTH } from './json-depth';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('assertJsonDepth', () => {
  it('lets a body nested as deep as the limit through', () => {
    expect(() => assertJsonDepth(bytes(nested(MAX_JSON_DEPTH)))).not.toThrow();
    expect(() => assertJsonDepth(bytes('{"socialLinks":{"instagram":"feet"}}'))).not.toThrow();
  });

  it('refuses a body one level deeper than the limit, with arrays or objects', () => {
    expect(() => assertJsonDepth(bytes(nested(MAX_JSON_DEPTH + 1)))).toThrow(JsonTooDeepError);
    const objects = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1);
    expect(() => assertJsonDepth(bytes(objects))).toThrow(JsonTooDeepError);
  });

  it('refuses thousands of opening brackets without waiting for them to close', () => {
    expect(() => assertJsonDepth(bytes('['.repeat(2000)))).toThrow(JsonTooDeepError);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ text: '[[[[{{{{'.repeat(50), quoted: '\\"[[[[' });
    expect(() => assertJsonDepth(bytes(text))).not.toThrow();
  });

  it('counts depth across siblings, not their number', () => {
    const wide = `[${Array.from({ length: 1000 }, () => '[1]').join(',')}]`;
    expect(() => assertJsonDepth(bytes(wide))).not.toThrow();
  });
});
