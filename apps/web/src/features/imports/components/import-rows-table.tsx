import type { Category, ImportRow, ImportRowStatus } from '@ledgerly/shared';
import { formatDate } from '@ledgerly/shared';
import { rowText } from '../lib/row-text';
import { useWide } from '../lib/use-wide';

const BADGE: Record<ImportRowStatus, { label: string; className: string }> = {
  new: { label: 'New', className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200' },
  duplicate: { label: 'Duplicate', className: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100' },
  'possible-duplicate': {
    label: 'Possible duplicate',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  },
  error: { label: 'Error', className: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100' },
  skipped: { label: 'Skipped', className: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300' },
};

const SUGGESTED: Record<string, string> = {
  rule: 'from a rule',
  history: 'used before for this payee',
  file: 'from the file',
  fallback: 'no match found',
  user: 'your choice',
};

export interface ImportRowsTableProps {
  rows: ImportRow[];
  categories: Category[];
  money: (amount: number) => string;
  busy: boolean;
  onCategory: (row: ImportRow, categoryId: string) => void;
  onSkip: (row: ImportRow, skip: boolean) => void;
  /** "Same as …" (true) or undoing the link (false). */
  onSameAs: (row: ImportRow, same: boolean) => void;
}

type RowProps = Omit<ImportRowsTableProps, 'rows'> & { row: ImportRow };

const signed = (amount: number, money: (n: number) => string) => `${amount > 0 ? '+' : '-'}${money(Math.abs(amount))}`;

const label = (row: ImportRow) => {
  const { payee, note } = rowText(row);
  return [payee, note].filter(Boolean).join(' ') || '—';
};

function ImportBox({ row, busy, onSkip }: RowProps) {
  const importable = row.status === 'new' || row.status === 'possible-duplicate' || row.status === 'skipped';
  return (
    <input
      type="checkbox"
      className="h-4 w-4"
      aria-label={`Import row ${row.index + 1}: ${label(row)}`}
      checked={row.include}
      disabled={busy || !importable}
      onChange={(e) => onSkip(row, !e.target.checked)}
    />
  );
}

function RowTextCell({ row, money, busy, onSameAs }: RowProps) {
  const { payee, note } = rowText(row);
  const badge = BADGE[row.status];
  const match = row.match;
  const matchName = match?.description ? `“${match.description}”` : 'the transaction';
  return (
    <div className="min-w-0 space-y-1">
      <span className="block break-words font-medium">{payee || '—'}</span>
      {note && <span className="block break-words text-xs text-slate-600 dark:text-slate-400">{note}</span>}
      <span
        className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${badge.className}`}
      >
        {row.linked ? 'Linked' : badge.label}
      </span>
      {row.status === 'possible-duplicate' && match ? (
        <span className="block text-xs text-slate-700 dark:text-slate-300">
          {row.linked
            ? `Same as ${matchName} of ${formatDate(match.date)}: it keeps its category and note, and this bank row will not be imported again.`
            : `Possibly ${matchName} of ${formatDate(match.date)} (${signed(match.amount, money)}). Not imported unless ticked.`}{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => onSameAs(row, !row.linked)}
            className="font-medium text-indigo-700 underline hover:no-underline disabled:opacity-50 dark:text-indigo-300"
          >
            {row.linked ? 'Undo link' : `Same as ${matchName}`}
          </button>
        </span>
      ) : (
        row.message &&
        row.status !== 'new' && <span className="block text-xs text-slate-600 dark:text-slate-400">{row.message}</span>
      )}
    </div>
  );
}

function CategoryCell({ row, categories, busy, onCategory }: RowProps) {
  const importable = row.status === 'new' || row.status === 'possible-duplicate' || row.status === 'skipped';
  if (!row.categoryId || !importable || row.linked) return <span aria-hidden="true">—</span>;
  const type = row.amount !== null && row.amount > 0 ? 'income' : 'expense';
  return (
    <>
      <select
        aria-label={`Category for row ${row.index + 1}: ${label(row)}`}
        className="w-full min-w-[10rem] rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
        value={row.categoryId}
        disabled={busy}
        onChange={(e) => onCategory(row, e.target.value)}
      >
        {categories
          .filter((c) => c.type === type)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {c.icon} {c.name}
            </option>
          ))}
      </select>
      {row.suggestedBy && (
        <span className="block text-xs text-slate-600 dark:text-slate-400">{SUGGESTED[row.suggestedBy]}</span>
      )}
      {row.lines?.length ? (
        <span className="block text-xs text-slate-700 dark:text-slate-300" data-testid="import-row-split">
          {`Split: ${row.lines
            .map((l) => `${categories.find((c) => c.id === l.categoryId)?.name ?? '?'} ${l.amount.toFixed(2)}`)
            .join(' · ')}`}
        </span>
      ) : null}
      {row.splitMessage && <span className="block text-xs text-amber-800 dark:text-amber-300">{row.splitMessage}</span>}
    </>
  );
}

const amountClass = (row: ImportRow) =>
  `whitespace-nowrap tabular-nums ${row.amount !== null && row.amount > 0 ? 'text-emerald-700 dark:text-emerald-400' : ''}`;

/**
 * The previewed rows: payee and note, status with its reason ("Same as …" for a possible
 * duplicate), amount, and the category each will get. A table from tablet width up, with the
 * description column taking what is left so the Category column is never cut off; a list of
 * cards on a phone, with the amount and the category on every card.
 */
export function ImportRowsTable(props: ImportRowsTableProps) {
  const wide = useWide();
  const { rows, money } = props;
  if (!wide) {
    return (
      <ul aria-label="Rows read from the file" className="space-y-2" data-testid="import-cards">
        {rows.map((row) => (
          <li
            key={row.index}
            className="rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700"
            data-testid="import-card"
          >
            <div className="flex items-start gap-3">
              <div className="pt-0.5">
                <ImportBox {...props} row={row} />
              </div>
              <div className="min-w-0 flex-1">
                <RowTextCell {...props} row={row} />
              </div>
              <div className="text-right">
                <span className={`block font-medium ${amountClass(row)}`}>
                  {row.amount === null ? '—' : signed(row.amount, money)}
                </span>
                <span className="block whitespace-nowrap text-xs text-slate-600 dark:text-slate-400">
                  {row.date ? formatDate(row.date) : '—'}
                </span>
              </div>
            </div>
            <div className="mt-2">
              <CategoryCell {...props} row={row} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 dark:border-slate-700">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Rows read from the file</caption>
        <colgroup>
          <col className="w-16" />
          <col className="w-28" />
          <col />
          <col className="w-32" />
          <col className="w-56" />
        </colgroup>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2">
              Import
            </th>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Amount
            </th>
            <th scope="col" className="px-3 py-2">
              Category
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.index} className="border-t border-slate-200 align-top dark:border-slate-700">
              <td className="px-3 py-2">
                <ImportBox {...props} row={row} />
              </td>
              <td className="whitespace-nowrap px-3 py-2">{row.date ? formatDate(row.date) : '—'}</td>
              <td className="px-3 py-2">
                <RowTextCell {...props} row={row} />
              </td>
              <td className={`px-3 py-2 text-right ${amountClass(row)}`}>
                {row.amount === null ? '—' : signed(row.amount, money)}
              </td>
              <td className="px-3 py-2">
                <CategoryCell {...props} row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
