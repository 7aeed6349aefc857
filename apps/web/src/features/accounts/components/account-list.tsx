import type { Account } from '@ledgerly/shared';
import { useMoney } from '../../../lib/use-currency';
import { institutionLine, kindLabel } from '../lib/account-groups';
import { AccountBadge } from './account-badge';
import { AccountBalanceLine } from './account-balance-line';

/** One account in the list: a button that opens its register. */
function AccountRow({ account, onOpen }: { account: Account; onOpen: (id: string) => void }) {
  const detail = [kindLabel(account.kind), institutionLine(account)].filter(Boolean).join(' · ');
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(account.id)}
        className="flex w-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 sm:flex-nowrap dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700 dark:hover:bg-slate-800"
      >
        <AccountBadge account={account} />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate font-medium text-slate-900 dark:text-slate-100">{account.name}</span>
            {account.isDefault && (
              <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                Default
              </span>
            )}
            {account.brokenReconciliation && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                Reconciliation broken
              </span>
            )}
          </span>
          <span className="block truncate text-sm text-slate-600 dark:text-slate-400">{detail}</span>
        </span>
        <span className="shrink-0 text-right text-sm sm:text-base">
          <AccountBalanceLine account={account} />
        </span>
      </button>
    </li>
  );
}

/** A class of accounts (Assets or Liabilities) with its total. */
export function AccountGroup({
  title,
  total,
  accounts,
  onOpen,
}: {
  title: string;
  /** The class's total as shown: assets' balance, liabilities' amount owed. */
  total: number;
  accounts: readonly Account[];
  onOpen: (id: string) => void;
}) {
  const { money } = useMoney();
  const id = `accounts-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="font-semibold text-slate-700 tabular-nums dark:text-slate-300">
          <span className="sr-only">{title} total: </span>
          {money(total)}
        </p>
      </div>
      <ul className="space-y-2">
        {accounts.map((a) => (
          <AccountRow key={a.id} account={a} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

/** Closed accounts, folded away until asked for. */
export function ClosedAccounts({ accounts, onOpen }: { accounts: readonly Account[]; onOpen: (id: string) => void }) {
  if (accounts.length === 0) return null;
  return (
    <details className="group rounded-xl border border-slate-200 dark:border-slate-800">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
        <span>Closed accounts ({accounts.length})</span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ul className="space-y-2 px-4 pb-4">
        {accounts.map((a) => (
          <AccountRow key={a.id} account={a} onOpen={onOpen} />
        ))}
      </ul>
    </details>
  );
}
