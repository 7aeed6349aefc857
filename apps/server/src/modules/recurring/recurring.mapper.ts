import type { CategoryRef, GeneratedTransaction, RecurrenceRule, RecurringTransaction, TagRef } from '@ledgerly/shared';
import { fromCents } from '@ledgerly/shared';
import type { recurringTransactions } from '../../db/schema.js';
import type { LineWithCategory, TransactionRow } from '../ledger/index.js';
import { presentTransaction as toTransaction } from '../transactions/index.js';

export type RecurringRow = typeof recurringTransactions.$inferSelect;
export type { TransactionRow };

/** `closed`: the user's closed accounts (an item using one is paused by it); none when not given. */
export function toRecurring(
  row: RecurringRow,
  category: CategoryRef | null,
  closed: ReadonlySet<string> = NONE,
  tags: TagRef[] = [],
  categoriesById: ReadonlyMap<string, CategoryRef> = new Map(),
): RecurringTransaction {
  return {
    id: row.id,
    categoryId: row.categoryId,
    category: category && { id: category.id, name: category.name, icon: category.icon, color: category.color },
    accountId: row.accountId,
    toAccountId: row.toAccountId,
    type: row.type,
    amount: fromCents(row.amountCents),
    description: row.description,
    frequency: row.frequency,
    startDate: row.startDate,
    endDate: row.endDate,
    nextDate: row.nextDate,
    // When a transaction was last generated (booked), not the schedule's pointer: an early
    // Generate of a future occurrence books it today, and today is what the card shows.
    lastGenerated: row.lastBooked ?? row.lastGenerated,
    isActive: row.isActive,
    skippedDates: row.skippedDates,
    accountClosed: closed.has(row.accountId) || (row.toAccountId !== null && closed.has(row.toAccountId)),
    tags,
    lines: (row.lines ?? []).map((l) => {
      const ref = categoriesById.get(l.categoryId);
      return {
        categoryId: l.categoryId,
        category: ref ? { id: ref.id, name: ref.name, icon: ref.icon, color: ref.color } : null,
        amount: fromCents(l.amountCents),
        type: l.type,
        note: l.note,
      };
    }),
  };
}

const NONE: ReadonlySet<string> = new Set();

/** A generated transaction: the transactions API's shape (it never has a receipt) plus its occurrence. */
export function toGeneratedTransaction(
  row: TransactionRow & { tags?: TagRef[]; lines?: LineWithCategory[] },
  category: CategoryRef | null,
): GeneratedTransaction {
  return {
    ...toTransaction(row, category, noReceipt),
    occurrenceDate: row.occurrenceDate ?? row.date,
  };
}

const noReceipt = () => ({ receiptUrl: null, receiptThumbUrl: null });

export function ruleOf(row: Pick<RecurringRow, 'frequency' | 'startDate' | 'endDate'>): RecurrenceRule {
  return { frequency: row.frequency, startDate: row.startDate, endDate: row.endDate };
}
