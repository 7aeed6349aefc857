import { useId, useState, type ReactNode } from 'react';
import { formatDate, formatSigned, shownCategory, type Transaction } from '@ledgerly/shared';
import { useCurrency } from '../../../lib/use-currency';
import { ActionMenu } from '../../../components/ui/action-menu';
import { Button } from '../../../components/ui/button';
import { Emoji } from '../../../components/ui/emoji';
import { amountColor } from '../transfer-label';
import { TagChips } from '../../tags/components/tag-chip';

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
  /** The cleared toggle (or the reconciled lock), shown once the user has several accounts. */
  status?: ReactNode;
}

/** What a transaction is called on screen: its description, else its category. */
export const transactionTitle = (t: Transaction) => t.description || shownCategory(t).name;

/**
 * One transaction: icon, description, category, signed amount, date, receipt, Edit, Delete.
 * From 640 px up it is the spec's card with its own Edit and Delete buttons. At phone width it is
 * a compact row (about 64 px): one line of title and amount, one of category and date, a small
 * receipt thumbnail, and the actions behind a "⋯" menu, so the first rows fit the first screen.
 */
export function TransactionCard({
  transaction: t,
  amount,
  onEdit,
  onDelete,
  onViewReceipt,
  transferLabel,
  accountName,
  leading,
  status,
}: TransactionCardProps) {
  const category = shownCategory(t);
  const title = t.description || transferLabel || category.name;
  // Without a note the title already says "Transfer to Savings"; the line under it says "Transfer"
  // (and, for a leg leaving the budget, the category it counts as spending in).
  const categoryText = transferLabel
    ? [t.description ? transferLabel : category.name, t.category?.name].filter(Boolean).join(' · ')
    : category.name;
  const thumb = t.receiptThumbUrl ?? t.receiptUrl;
  // A split row shows "Split (3)" as a button that opens its lines (DESIGN §11).
  const [open, setOpen] = useState(false);
  const linesId = useId();
  const currency = useCurrency();
  // An opening balance is changed in its account's settings; an adjustment is only deleted (docs/accounts.md).
  const editable = t.kind !== 'opening' && t.kind !== 'adjustment';
  const date = (
    <time dateTime={t.date} className="whitespace-nowrap">
      {formatDate(t.date)}
    </time>
  );
  return (
    <li
      data-testid="transaction-row"
      className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2.5 shadow-sm sm:gap-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      {leading}
      {status}
      <span
        aria-hidden="true"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-lg sm:h-11 sm:w-11 sm:text-xl"
        style={{ backgroundColor: `${category.color}26` }}
      >
        <Emoji emoji={category.icon} />
      </span>
      <div className="min-w-0 flex-1">
        <p
          data-testid="transaction-title"
          className="truncate font-medium text-slate-900 sm:line-clamp-1 sm:break-words sm:whitespace-normal dark:text-slate-100"
        >
          {title}
        </p>
        <p className="flex gap-x-1.5 text-xs text-slate-600 sm:text-sm dark:text-slate-400">
          <span className="truncate">
            {t.lines.length > 0 ? (
              <button
                type="button"
                aria-expanded={open}
                aria-controls={linesId}
                onClick={() => setOpen(!open)}
                className="rounded font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-300"
              >
                {categoryText}
                <span aria-hidden="true"> {open ? '▴' : '▾'}</span>
              </button>
            ) : (
              categoryText
            )}
            {/* On the category's line, so a phone row stays as high as with one account. */}
            {accountName && (
              <>
                {' · '}
                <span data-testid="transaction-account">{accountName}</span>
              </>
            )}
          </span>
          {/* From 640 px the date follows the category; on a phone it sits under the amount. */}
          <span aria-hidden="true" className="max-sm:hidden">
            ·
          </span>
          <span className="max-sm:hidden">{date}</span>
        </p>
        {t.tags.length > 0 && (
          <div className="mt-1 max-h-5 overflow-hidden">
            <TagChips tags={t.tags} />
          </div>
        )}
        {t.lines.length > 0 && (
          <ul
            id={linesId}
            hidden={!open}
            data-testid="split-lines"
            className="mt-1.5 space-y-0.5 text-xs text-slate-700 sm:text-sm dark:text-slate-300"
          >
            {t.lines.map((l) => (
              <li key={l.id} className="flex justify-between gap-2">
                <span className="truncate">
                  {l.category?.icon} {l.category?.name ?? 'Category'}
                  {l.note ? ` · ${l.note}` : ''}
                </span>
                <span className="shrink-0 tabular-nums">{formatSigned(l.amount, l.type, currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="shrink-0 text-right">
        <p className={`text-sm font-semibold tabular-nums sm:text-base ${amountColor(t)}`}>{amount}</p>
        <p className="text-xs text-slate-600 sm:hidden dark:text-slate-400">{date}</p>
      </div>
      {thumb && (
        <button
          type="button"
          onClick={() => onViewReceipt(t)}
          aria-label={`View receipt for ${title}`}
          className="h-8 w-8 shrink-0 overflow-hidden rounded-md border border-slate-200 hover:ring-2 hover:ring-indigo-400 sm:h-10 sm:w-10 dark:border-slate-700"
        >
          <img src={thumb} alt="" className="h-full w-full object-cover" loading="lazy" />
        </button>
      )}
      <div className="hidden shrink-0 items-center gap-2 sm:flex">
        {editable && (
          <Button variant="secondary" size="sm" onClick={() => onEdit(t)} aria-label={`Edit ${title}`}>
            Edit
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => onDelete(t)} aria-label={`Delete ${title}`}>
          <span className="text-red-700 dark:text-red-400">Delete</span>
        </Button>
      </div>
      <ActionMenu
        label={`Actions for ${title}`}
        className="-mr-1.5 shrink-0 sm:hidden"
        items={[
          ...(editable ? [{ label: 'Edit', onSelect: () => onEdit(t) }] : []),
          { label: 'Delete', onSelect: () => onDelete(t), danger: true },
        ]}
      />
    </li>
  );
}
