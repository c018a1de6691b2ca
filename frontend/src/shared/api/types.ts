/**
 * The API's types, generated from docs/openapi.json into schema.d.ts (`make openapi`); the
 * feature api.ts files name them with `Schema<'CustomerView'>` instead of writing field lists.
 */
import type { components } from './schema';

export type Schemas = components['schemas'];
export type Schema<K extends keyof Schemas> = Schemas[K];

/** A body as a form holds it: every field present and not null (the API accepts less). */
export type Filled<T> = { [K in keyof T]-?: NonNullable<T[K]> };
