import type { components } from './schema.gen';

/**
 * A body or answer shape of the api, by its name in the backend's OpenAPI document
 * (`schema.gen.ts`, generated): `Schema<'PostResponse'>`. Features alias the shapes they read,
 * so a change of the api shows up here as a type error, not in the browser.
 */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
