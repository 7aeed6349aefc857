import { useState, type SubmitEvent } from 'react';
import { formatDate, toSignedCents, fromCents, type Account, type Transaction } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { InputField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useMoney, useToday } from '../../../lib/use-currency';
import { useFinishReconciliation } from '../api/finish-reconciliation';
import { useStatementRows } from '../api/get-statement-rows';
import { useSetTransactionStatus } from '../api/set-transaction-status';
import { useStartReconciliation } from '../api/start-reconciliation';
import { isCleared, reconcileFigures, statementBalanceFromInput } from '../lib/reconcile';
import { registerTitle } from './register-rows';

/** A reconciliation under way: the server's figures when it started. */
export interface ReconcileSession {
  id: string;
  statementDate: string;
  /** In balance signs (a card's statement owing 500 is −500). */
  statementBalance: number;
  clearedAtStart: number;
}

/** Step 1: the statement's date and closing balance. */
export function ReconcileStart({
  account,
  onStarted,
  onCancel,
}: {
  account: Account;
  onStarted: (session: ReconcileSession) => void;
  onCancel: () => void;
}) {
  const today = useToday();
  const start = useStartReconciliation();
  const liability = account.class === 'liability';
  const [date, setDate] = useState(today);
  const [balance, setBalance] = useState('');
  const [errors, setErrors] = useState<{ date?: string; balance?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure(null);
    const cents = toSignedCents(balance.replace(/,/g, ''));
    const next: typeof errors = {};
    if (!date) next.date = 'Please enter the statement date';
    else if (date > today) next.date = 'The statement date cannot be later than today';
    if (balance.trim() === '' || cents === null) next.balance = 'Please enter the statement balance';
    setErrors(next);
    if (next.date || next.balance || cents === null) return;
    const statementBalance = statementBalanceFromInput(fromCents(cents), liability);
    try {
      const res = await start.mutateAsync({ accountId: account.id, statementDate: date, statementBalance });
      onStarted({ id: res.data.id, statementDate: date, statementBalance, clearedAtStart: res.data.cleared });
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to start reconciliation'));
    }
  }

  return (
    <Card>
      <section aria-labelledby="reconcile-heading" className="space-y-4">
        <div>
          <h2 id="reconcile-heading" className="text-lg font-semibold">
            Reconcile with a statement
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Enter the closing date and balance printed on your statement, then tick the transactions it lists.
          </p>
        </div>
        {failure && <Banner kind="error" message={failure} />}
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <InputField
            label="Statement date"
            type="date"
            max={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            error={errors.date}
          />
          <InputField
            label={liability ? 'Statement balance owed' : 'Statement balance'}
            inputMode="decimal"
            placeholder="0.00"
            value={balance}
            onChange={(e) => setBalance(e.target.value)}
            error={errors.balance}
          />
          <div className="flex gap-2 sm:pt-6">
            <Button variant="secondary" onClick={onCancel} disabled={start.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? 'Starting...' : 'Start'}
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}

/** Step 2: tick the rows the statement lists until the difference is 0, then finish. */
export function ReconcileSessionPanel({
  account,
  session,
  accountName,
  onFinished,
  onCancel,
}: {
  account: Account;
  session: ReconcileSession;
  accountName: (id: string) => string | undefined;
  onFinished: (message: string) => void;
  onCancel: () => void;
}) {
  const { money, signed } = useMoney();
  const rows = useStatementRows(account.id, session.id, session.statementDate);
  const setStatus = useSetTransactionStatus();
  const finish = useFinishReconciliation();
  const [ticked, setTicked] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  // Reconciled rows are settled already; the statement's rows to tick are the others.
  const open: Transaction[] = (rows.data?.data ?? []).filter((r) => r.status !== 'reconciled');
  const figures = reconcileFigures({
    statementBalance: session.statementBalance,
    clearedAtStart: session.clearedAtStart,
    rows: open,
    ticked,
  });
  const balanced = figures.difference === 0;
  const liability = account.class === 'liability';
  const shown = (n: number) => money(liability ? -n : n);

  async function toggle(row: Transaction) {
    const now = !(ticked.get(row.id) ?? isCleared(row.status));
    setFailure(null);
    setTicked((m) => new Map(m).set(row.id, now));
    setPending((s) => new Set(s).add(row.id));
    try {
      await setStatus.mutateAsync({ id: row.id, status: now ? 'cleared' : 'uncleared' });
    } catch (error) {
      setTicked((m) => new Map(m).set(row.id, !now));
      setFailure(errorMessage(error, 'Failed to update transaction'));
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(row.id);
        return next;
      });
    }
  }

  async function runFinish(adjust: boolean) {
    setFailure(null);
    try {
      await finish.mutateAsync({ id: session.id, adjust });
      setConfirming(false);
      onFinished(
        adjust
          ? `Reconciled to ${formatDate(session.statementDate)} with an adjustment of ${money(Math.abs(figures.difference))}`
          : `Reconciled to ${formatDate(session.statementDate)}`,
      );
    } catch (error) {
      setConfirming(false);
      setFailure(errorMessage(error, 'Failed to finish reconciliation'));
    }
  }

  return (
    <Card>
      <section aria-labelledby="reconcile-heading" className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="reconcile-heading" className="text-lg font-semibold">
              Reconciling to {formatDate(session.statementDate)}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Tick each transaction that appears on the statement.
            </p>
          </div>
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Continue later
          </Button>
        </div>
        {failure && <Banner kind="error" message={failure} />}
        <dl className="grid grid-cols-3 gap-3 text-sm" aria-live="polite">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{liability ? 'Statement owed' : 'Statement'}</dt>
            <dd className="font-semibold tabular-nums">{shown(session.statementBalance)}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{liability ? 'Cleared owed' : 'Cleared balance'}</dt>
            <dd className="font-semibold tabular-nums" data-testid="reconcile-cleared">
              {shown(figures.cleared)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Difference</dt>
            <dd
              data-testid="reconcile-difference"
              className={`font-semibold tabular-nums ${balanced ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
            >
              {shown(figures.difference)}
            </dd>
          </div>
        </dl>

        {rows.isPending ? (
          <Spinner />
        ) : rows.isError ? (
          <Banner kind="error" message={rows.error.message} />
        ) : open.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No transactions to tick on or before {formatDate(session.statementDate)}.
          </p>
        ) : (
          <fieldset className="max-h-96 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-800">
            <legend className="sr-only">Transactions on or before {formatDate(session.statementDate)}</legend>
            <ul>
              {open.map((row) => {
                const checked = ticked.get(row.id) ?? isCleared(row.status);
                return (
                  <li key={row.id} className="border-t border-slate-200 first:border-t-0 dark:border-slate-800">
                    <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-green-600"
                        checked={checked}
                        disabled={pending.has(row.id)}
                        onChange={() => void toggle(row)}
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{registerTitle(row, accountName)}</span>
                        <span className="block text-xs text-slate-600 dark:text-slate-400">{formatDate(row.date)}</span>
                      </span>
                      <span
                        className={`shrink-0 tabular-nums ${row.type === 'income' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
                      >
                        {signed(row.amount, row.type)}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
        {rows.data && rows.data.meta.nextCursor && (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Showing the latest {rows.data.data.length} transactions up to the statement date.
          </p>
        )}

        <div className="flex flex-wrap justify-end gap-2">
          {balanced ? (
            <Button onClick={() => void runFinish(false)} disabled={finish.isPending || pending.size > 0}>
              {finish.isPending ? 'Finishing...' : 'Finish'}
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() => setConfirming(true)}
              disabled={finish.isPending || pending.size > 0}
            >
              Finish with an adjustment of {money(Math.abs(figures.difference))}
            </Button>
          )}
        </div>
      </section>
      <ConfirmDialog
        open={confirming}
        title="Finish with an adjustment"
        message={`The cleared balance differs from the statement by ${money(Math.abs(figures.difference))}. A balance adjustment of that amount, dated ${formatDate(session.statementDate)}, will make them match.`}
        confirmLabel="Add adjustment and finish"
        busyLabel="Finishing..."
        busy={finish.isPending}
        danger={false}
        onConfirm={() => runFinish(true)}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
