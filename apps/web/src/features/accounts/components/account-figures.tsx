import { formatDate, type Account } from '@ledgerly/shared';
import { useMoney } from '../../../lib/use-currency';
import { owedOf } from '../lib/account-groups';

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'negative' }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd
        className={`mt-1 truncate text-lg font-bold tabular-nums ${tone === 'negative' ? 'text-red-700 dark:text-red-400' : ''}`}
      >
        {value}
      </dd>
    </div>
  );
}

/** The register's figures: balance and cleared balance; for a liability what is owed and, for a card, credit. */
export function AccountFigures({ account }: { account: Account }) {
  const { money } = useMoney();
  const liability = account.class === 'liability';
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Figure
        label="Balance"
        value={money(account.balance)}
        tone={account.balance < 0 && !liability ? 'negative' : undefined}
      />
      <Figure label="Cleared balance" value={money(account.clearedBalance)} />
      {liability && <Figure label="Owed" value={money(owedOf(account))} />}
      {liability && account.availableCredit !== undefined && account.availableCredit !== null && (
        <Figure label="Available credit" value={money(account.availableCredit)} />
      )}
      {liability && account.statementBalance !== undefined && account.statementBalance !== null && (
        // What the last statement says is owed, as the card's statement prints it (a positive amount).
        <Figure label="Statement balance" value={money(-account.statementBalance || 0)} />
      )}
    </dl>
  );
}

/** The last statement's closing balance against the ledger's: matches, or differs by how much. */
export function BalanceCheckBadge({ account }: { account: Account }) {
  const { money } = useMoney();
  const check = account.balanceCheck;
  if (!check) return null;
  const difference = Math.round((check.statementBalance - check.ledgerBalance) * 100) / 100;
  return check.matches ? (
    <p className="inline-flex items-center gap-2 rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-900 dark:bg-green-950 dark:text-green-200">
      <span aria-hidden="true">✓</span> Matches the statement of {formatDate(check.date)} (
      {money(check.statementBalance)})
    </p>
  ) : (
    <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      <span aria-hidden="true">≠</span> Differs from the statement of {formatDate(check.date)} by{' '}
      {money(Math.abs(difference))} (statement {money(check.statementBalance)}, here {money(check.ledgerBalance)})
    </p>
  );
}

/** A finished reconciliation that a later change broke: what it differs by now. */
export function BrokenReconciliationWarning({ account }: { account: Account }) {
  const { money } = useMoney();
  const broken = account.brokenReconciliation;
  if (!broken) return null;
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <strong>Reconciliation broken.</strong> The cleared balance on {formatDate(broken.statementDate)} no longer
      matches the statement: it differs by {money(Math.abs(broken.difference))}. A change on or before that date moved
      it; undo the change, or reopen the reconciliation below.
    </div>
  );
}
