import type { ReactNode } from 'react';
import { formatDate, shownCategory, type Transaction } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { Emoji } from '../../../components/ui/emoji';
import { amountColor } from '../transfer-label';

export interface TransactionCardProps {
  transaction: Transaction;
  /** The signed, formatted amount ("+$12.00" / "-$12.00"). */
  amount: string;
  onEdit: (t: Transaction) => void;
  onDelete: (t: Transaction) => void;
  onViewReceipt: (t: Transaction) => void;
  /** On a transfer leg: "Transfer to Savings" (shown where a category would be). */
  transferLabel?: string | null;
  /** The row's account, shown once the user has several. */
  accountName?: string;
  /** A leading slot (the bulk-edit checkbox). */
  leading?: ReactNode;
}

/** What a transaction is called on screen: its description, else its category. */
export const transactionTitle = (t: Transaction) => t.description || shownCategory(t).name;

/** One transaction: icon, description, category, signed amount, date, receipt, Edit, Delete. */
export function TransactionCard({
  transaction: t,
  amount,
  onEdit,
  onDelete,
  onViewReceipt,
  transferLabel,
  accountName,
  leading,
}: TransactionCardProps) {
  const category = shownCategory(t);
  const title = t.description || transferLabel || category.name;
  // A transfer leg leaving the budget may carry the category it counts as spending in.
  // Without a description the title already says "Transfer to Savings"; the line under it says "Transfer".
  const categoryText = transferLabel
    ? [t.description ? transferLabel : category.name, t.category?.name].filter(Boolean).join(' · ')
    : category.name;
  const thumb = t.receiptThumbUrl ?? t.receiptUrl;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-nowrap dark:border-slate-800 dark:bg-slate-900">
      {leading}
      <span
        aria-hidden="true"
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-xl"
        style={{ backgroundColor: `${category.color}26` }}
      >
        <Emoji emoji={category.icon} />
      </span>
      <div className="min-w-0 flex-1">
        <p
          data-testid="transaction-title"
          className="line-clamp-2 font-medium break-words text-slate-900 sm:line-clamp-1 dark:text-slate-100"
        >
          {title}
        </p>
        <p className="flex flex-col text-sm text-slate-600 sm:flex-row sm:gap-x-1.5 dark:text-slate-400">
          <span>
            {categoryText}
            {/* On the category's line, so a phone row stays as high as with one account. */}
            {accountName && (
              <>
                {' · '}
                <span data-testid="transaction-account">{accountName}</span>
              </>
            )}
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            ·
          </span>
          <time dateTime={t.date} className="whitespace-nowrap">
            {formatDate(t.date)}
          </time>
        </p>
      </div>
      <p className={`shrink-0 text-right font-semibold tabular-nums ${amountColor(t)}`}>{amount}</p>
      <div className="flex w-full items-center justify-end gap-2 sm:w-auto">
        {thumb && (
          <button
            type="button"
            onClick={() => onViewReceipt(t)}
            aria-label={`View receipt for ${title}`}
            className="mr-auto h-10 w-10 shrink-0 overflow-hidden rounded-md border border-slate-200 hover:ring-2 hover:ring-indigo-400 sm:mr-0 dark:border-slate-700"
          >
            <img src={thumb} alt="" className="h-full w-full object-cover" loading="lazy" />
          </button>
        )}
        <Button variant="secondary" size="sm" onClick={() => onEdit(t)} aria-label={`Edit ${title}`}>
          Edit
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onDelete(t)} aria-label={`Delete ${title}`}>
          <span className="text-red-700 dark:text-red-400">Delete</span>
        </Button>
      </div>
    </li>
  );
}
