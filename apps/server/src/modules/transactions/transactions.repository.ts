import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema.js';

/*
 * Transactions are written by the ledger's writer and read through its read model
 * (modules/ledger); what is left here is this module's own read of a receipt.
 */

/** What the receipt route needs, by transaction id alone (the signature proves the owner). */
export async function findReceipt(
  db: Db,
  id: string,
): Promise<{ userId: string; receiptKey: string | null; receiptMime: string | null } | null> {
  const rows = await db
    .select({ userId: transactions.userId, receiptKey: transactions.receiptKey, receiptMime: transactions.receiptMime })
    .from(transactions)
    .where(eq(transactions.id, id))
    .limit(1);
  return rows[0] ?? null;
}
