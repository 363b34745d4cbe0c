import type { components } from '../../../frontend/src/lib/api/schema.gen';

/**
 * A body or answer shape of the api, by its name in the OpenAPI document, read from the types the
 * frontend generates from it (frontend/src/lib/api/schema.gen.ts, `npm run api:types`):
 * `res.body as Schema<'PostPageResponse'>`. Import it with `import type`, so the tests never load
 * the frontend's file at run time.
 */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
