import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { expect, inject, it } from 'vitest';

/** The committed types, relative to this file (`npm run api:types` rewrites them). */
const GENERATED = '../src/lib/api/schema.gen.ts';

const HEADER = `/**
 * Generated from the backend's OpenAPI document (GET /api/openapi.json) by openapi-typescript.
 * Do not edit: run \`npm run api:types\` at the root after changing the api. CI fails when this
 * file differs from the document the backend serves (e2e/api-types.e2e.ts).
 */

`;

/** The document as the built backend serves it, turned into TypeScript and formatted. */
async function typesFromServedDocument(): Promise<string> {
  const response = await fetch(`${inject('baseUrl')}/api/openapi.json`);
  expect(response.status).toBe(200);
  const source = HEADER + astToString(await openapiTS(await response.json(), { silent: true }));
  const filepath = new URL(GENERATED, import.meta.url).pathname;
  return format(source, { ...(await resolveConfig(filepath)), filepath });
}

it('the committed api types are those of the document the backend serves', async () => {
  // A difference fails with the diff; `vitest --update` (npm run api:types) writes the file.
  await expect(await typesFromServedDocument()).toMatchFileSnapshot(GENERATED);
});
