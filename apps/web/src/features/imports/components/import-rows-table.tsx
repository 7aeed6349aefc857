import type { Category, ImportRow, ImportRowStatus } from '@ledgerly/shared';
import { formatDate } from '@ledgerly/shared';

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
}

/** The previewed rows: status badge with its reason, amount, and the category each will get. */
export function ImportRowsTable({ rows, categories, money, busy, onCategory, onSkip }: ImportRowsTableProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Rows read from the file</caption>
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
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Category
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const importable = row.status === 'new' || row.status === 'possible-duplicate' || row.status === 'skipped';
            const type = row.amount !== null && row.amount > 0 ? 'income' : 'expense';
            const text =
              row.payee && row.payee !== row.description ? `${row.payee} — ${row.description}` : row.description;
            const badge = BADGE[row.status];
            return (
              <tr key={row.index} className="border-t border-slate-200 align-top dark:border-slate-700">
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    aria-label={`Import row ${row.index + 1}: ${text}`}
                    checked={row.status === 'new' || row.status === 'possible-duplicate'}
                    disabled={busy || !importable}
                    onChange={(e) => onSkip(row, !e.target.checked)}
                  />
                </td>
                <td className="whitespace-nowrap px-3 py-2">{row.date ? formatDate(row.date) : '—'}</td>
                <td className="px-3 py-2">
                  <span className="break-words">{text || '—'}</span>
                  {row.message && row.status !== 'new' && (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{row.message}</span>
                  )}
                </td>
                <td
                  className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${
                    row.amount !== null && row.amount > 0 ? 'text-emerald-700 dark:text-emerald-400' : ''
                  }`}
                >
                  {row.amount === null ? '—' : `${row.amount > 0 ? '+' : '-'}${money(Math.abs(row.amount))}`}
                </td>
                <td className="px-3 py-2">
                  <span
                    className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${badge.className}`}
                  >
                    {badge.label}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {row.categoryId && importable ? (
                    <>
                      <select
                        aria-label={`Category for row ${row.index + 1}: ${text}`}
                        className="w-full min-w-[9rem] rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
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
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          {SUGGESTED[row.suggestedBy]}
                        </span>
                      )}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
