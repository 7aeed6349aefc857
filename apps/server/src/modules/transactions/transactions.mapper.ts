import type { Transaction } from '@ledgerly/shared';
import { fromCents } from '@ledgerly/shared';
import type { CategoryRefRow, TransactionRow } from '../ledger/index.js';
import type { ReceiptUrlSigner } from '../../receipts/receipt-urls.js';

/** The API shape of a transaction; receipt URLs are signed for its owner at answer time. */
export function toTransaction(row: TransactionRow, category: CategoryRefRow, sign: ReceiptUrlSigner): Transaction {
  return {
    id: row.id,
    categoryId: row.categoryId,
    category: { id: category.id, name: category.name, color: category.color, icon: category.icon },
    amount: fromCents(row.amountCents),
    type: row.type,
    description: row.description,
    date: row.date,
    ...sign(row),
    recurringId: row.recurringId,
    createdAt: row.createdAt.toISOString(),
  };
}
