import type { TagRef, Transaction } from '@ledgerly/shared';
import { fromCents } from '@ledgerly/shared';
import type { CategoryRefRow, LineWithCategory, TransactionRow } from '../ledger/index.js';
import type { ReceiptUrlSigner } from '../../receipts/receipt-urls.js';

/** A row with its transfer, when the read knew it (the ledger's reads do; a fresh insert has none). */
type RowWithTransfer = TransactionRow & {
  transferId?: string | null;
  transferAccountId?: string | null;
  tags?: TagRef[] | undefined;
  /** A split row's lines (DESIGN §11); absent or empty on any other row. */
  lines?: LineWithCategory[];
};

/** The API shape of a transaction; receipt URLs are signed for its owner at answer time. */
export function toTransaction(
  row: RowWithTransfer,
  category: CategoryRefRow | null,
  sign: ReceiptUrlSigner,
): Transaction {
  return {
    id: row.id,
    categoryId: row.categoryId,
    category: category && { id: category.id, name: category.name, color: category.color, icon: category.icon },
    lines: (row.lines ?? []).map((l) => ({
      id: l.id,
      categoryId: l.categoryId,
      category: l.category && {
        id: l.category.id,
        name: l.category.name,
        color: l.category.color,
        icon: l.category.icon,
      },
      amount: fromCents(l.amountCents),
      type: l.type,
      note: l.note,
    })),
    accountId: row.accountId,
    kind: row.kind,
    status: row.status,
    transferId: row.transferId ?? null,
    transferAccountId: row.transferAccountId ?? null,
    amount: fromCents(row.amountCents),
    type: row.type,
    description: row.description,
    date: row.date,
    ...sign(row),
    recurringId: row.recurringId,
    createdAt: row.createdAt.toISOString(),
    tags: row.tags ?? [],
  };
}
