import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { TransactionFilter } from '@ledgerly/shared';
import { transactions } from './schema.js';

/*
 * The filters of the transactions list as SQL, in one place for every reader of transactions
 * (the list, its counts and summary, the CSV export and the PDF report), so a report always
 * shows what the list shows.
 */

/** `%`, `_` and `\` in the search text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause of a user's filtered transactions (list, count, summary, export). */
export function filterWhere(userId: string, f: TransactionFilter): SQL {
  const parts: SQL[] = [eq(transactions.userId, userId)];
  if (f.type) parts.push(eq(transactions.type, f.type));
  if (f.categoryId) parts.push(eq(transactions.categoryId, f.categoryId));
  if (f.startDate) parts.push(sql`${transactions.date} >= ${f.startDate}`);
  if (f.endDate) parts.push(sql`${transactions.date} <= ${f.endDate}`);
  if (f.search) parts.push(sql`${transactions.description} ilike ${`%${escapeLike(f.search)}%`} escape '\\'`);
  return and(...parts) ?? sql`false`;
}
