import { KIND_LABELS, formatDate, shownCategory, type Transaction } from '@ledgerly/shared';
import { Emoji } from '../../../components/ui/emoji';
import { useMoney } from '../../../lib/use-currency';
import { transferTitle } from '../lib/account-groups';
import { isCleared } from '../lib/reconcile';
import type { RegisterRow } from '../types';

/** What a register row is called: its transfer ("Transfer to Savings"), description or category. */
export function registerTitle(row: Transaction, accountName: (id: string) => string | undefined): string {
  if (row.kind === 'transfer') {
    const transfer = transferTitle(row, accountName);
    return row.description ? `${transfer}: ${row.description}` : transfer;
  }
  if (row.kind === 'opening' || row.kind === 'adjustment') return row.description || KIND_LABELS[row.kind];
  return row.description || shownCategory(row).name;
}

/** The cleared toggle of one row: a button that is pressed while the row is cleared. */
export function ClearedToggle({
  cleared,
  label,
  disabled,
  onToggle,
}: {
  cleared: boolean;
  label: string;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={cleared}
      aria-label={label}
      title={cleared ? 'Cleared' : 'Not cleared'}
      disabled={disabled}
      onClick={onToggle}
      className={`flex h-8 w-8 items-center justify-center rounded-full border-2 text-xs font-bold transition-colors disabled:opacity-60 ${
        cleared
          ? 'border-green-600 bg-green-600 text-white dark:border-green-500 dark:bg-green-600'
          : 'border-slate-300 text-slate-500 hover:border-green-600 dark:border-slate-600 dark:text-slate-400'
      }`}
    >
      C
    </button>
  );
}

export interface RegisterRowsProps {
  rows: readonly RegisterRow[];
  accountName: (id: string) => string | undefined;
  /** Rows whose status change is on its way to the server. */
  pendingIds: ReadonlySet<string>;
  onToggleCleared: (row: RegisterRow) => void;
  onEdit: (row: RegisterRow) => void;
  /** The register of a closed account is read-only. */
  readOnly: boolean;
}

/** An account's rows, newest first, each with the balance after it (the server's running balance). */
export function RegisterRows({ rows, accountName, pendingIds, onToggleCleared, onEdit, readOnly }: RegisterRowsProps) {
  const { money, signed } = useMoney();
  return (
    <table className="w-full border-separate border-spacing-0 text-sm">
      <caption className="sr-only">Transactions, newest first, with the balance after each</caption>
      <thead>
        <tr className="text-left text-xs font-medium text-slate-600 uppercase dark:text-slate-400">
          <th scope="col" className="w-10 px-2 py-2">
            <span className="sr-only">Cleared</span>
            <span aria-hidden="true">C</span>
          </th>
          <th scope="col" className="hidden px-2 py-2 sm:table-cell">
            Date
          </th>
          <th scope="col" className="px-2 py-2">
            Description
          </th>
          <th scope="col" className="px-2 py-2 text-right">
            Amount
            <span className="sm:hidden"> / Balance</span>
          </th>
          <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">
            Balance
          </th>
          <th scope="col" className="w-10 px-1 py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const title = registerTitle(row, accountName);
          const reconciled = row.status === 'reconciled';
          const editable = !readOnly && (row.kind === 'regular' || row.kind === 'transfer');
          const cell = 'border-t border-slate-200 px-1.5 py-2.5 align-middle sm:px-2 dark:border-slate-800';
          return (
            <tr key={row.id} data-testid="register-row">
              <td className={cell}>
                {reconciled ? (
                  <span className="flex h-8 w-8 items-center justify-center" title="Reconciled">
                    <Emoji emoji="🔒" label="Reconciled" />
                  </span>
                ) : (
                  <ClearedToggle
                    cleared={isCleared(row.status)}
                    label={`Cleared: ${title}, ${formatDate(row.date)}`}
                    disabled={readOnly || pendingIds.has(row.id)}
                    onToggle={() => onToggleCleared(row)}
                  />
                )}
              </td>
              <td className={`${cell} hidden whitespace-nowrap text-slate-600 sm:table-cell dark:text-slate-400`}>
                <time dateTime={row.date}>{formatDate(row.date)}</time>
              </td>
              <td className={`${cell} max-w-0 w-full`}>
                <p className="truncate font-medium text-slate-900 dark:text-slate-100" data-testid="register-title">
                  {title}
                </p>
                <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                  <time dateTime={row.date} className="sm:hidden">
                    {formatDate(row.date)}
                    {row.category ? ' · ' : ''}
                  </time>
                  {row.category?.name}
                </p>
              </td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                <span
                  className={
                    row.type === 'income' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'
                  }
                >
                  {signed(row.amount, row.type)}
                </span>
                {/* A phone has no room for the balance column: the balance goes under the amount. */}
                <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
                  <span className="sr-only">Balance </span>
                  {money(row.runningBalance)}
                </span>
              </td>
              <td
                data-testid="running-balance"
                className={`${cell} hidden text-right font-medium whitespace-nowrap tabular-nums sm:table-cell ${
                  row.runningBalance < 0 ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-slate-100'
                }`}
              >
                {money(row.runningBalance)}
              </td>
              <td className={`${cell} px-1`}>
                {editable && (
                  <button
                    type="button"
                    onClick={() => onEdit(row)}
                    aria-label={`Edit ${title}`}
                    title="Edit"
                    className="flex h-8 w-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                  >
                    <span aria-hidden="true">✎</span>
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
