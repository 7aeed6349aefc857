import { z } from 'zod';
import { notFound } from '../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string) => UUID.test(id);

/** A route id that is not a UUID cannot name any row of the user's: 404, like any unknown id. */
export function assertUuid(id: string, what: string): void {
  if (!UUID.test(id)) throw notFound(what);
}

/** A UUID path parameter; one that does not fit answers 404 "<what> not found" (plugins/type-provider.ts). */
export const uuidParam = (what: string) => z.string().regex(UUID, `${what} not found`);

/** Params of `/…/:id` routes. */
export const idParams = (what: string) => z.object({ id: uuidParam(what) });
