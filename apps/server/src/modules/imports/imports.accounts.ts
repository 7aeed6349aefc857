import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importBatches } from '../../db/schema.js';

/*
 * Import batches as the accounts module needs them when an account is deleted (DESIGN §13: this
 * module alone touches its tables). Called with the caller's database transaction.
 */

/** Points the import batches of account `from` at account `to`, or at no account (`null`: they keep their history). */
export async function moveImportBatches(db: Db, userId: string, from: string, to: string | null): Promise<void> {
  await db
    .update(importBatches)
    .set({ accountId: to })
    .where(and(eq(importBatches.userId, userId), eq(importBatches.accountId, from)));
}
