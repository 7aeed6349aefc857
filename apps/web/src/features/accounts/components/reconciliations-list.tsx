import { formatDate, type Account } from '@ledgerly/shared';
import type { Flash } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { useMoney } from '../../../lib/use-currency';
import { useReconciliations } from '../api/get-reconciliations';
import { useReopenReconciliation } from '../api/reopen-reconciliation';
import type { Reconciliation } from '../types';

const STATE_LABELS: Record<Reconciliation['state'], string> = {
  open: 'In progress',
  done: 'Reconciled',
  broken: 'Broken',
};

const STATE_STYLES: Record<Reconciliation['state'], string> = {
  open: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  done: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  broken: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

/** The account's reconciliations, newest statement first, each finished one with "Reopen". */
export function ReconciliationsList({
  account,
  flash,
  reconciling,
  onContinue,
}: {
  account: Account;
  flash: Flash;
  /** A reconciliation is on screen already: no "Continue". */
  reconciling: boolean;
  /** Resumes a reconciliation left in progress. */
  onContinue: (r: Reconciliation) => void;
}) {
  const { money } = useMoney();
  const list = useReconciliations(account.id);
  const reopen = useReopenReconciliation();
  const items = [...(list.data ?? [])].sort((a, b) => b.statementDate.localeCompare(a.statementDate));
  if (items.length === 0) return null;
  const liability = account.class === 'liability';
  return (
    <section aria-labelledby="reconciliations-heading" className="space-y-3">
      <h2 id="reconciliations-heading" className="text-lg font-semibold">
        Reconciliations
      </h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {items.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
            <span className="min-w-0 flex-1">
              <span className="font-medium">Statement of {formatDate(r.statementDate)}</span>
              <span className="block text-slate-600 dark:text-slate-400">
                {liability ? 'Owed ' : 'Balance '}
                {money(liability ? -r.statementBalance : r.statementBalance)}
                {r.state === 'broken' && ` · differs by ${money(Math.abs(r.difference))}`}
              </span>
            </span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLES[r.state]}`}>
              {STATE_LABELS[r.state]}
            </span>
            {r.state === 'open' ? (
              !reconciling && (
                <Button size="sm" variant="secondary" onClick={() => onContinue(r)}>
                  Continue
                </Button>
              )
            ) : (
              <Button
                size="sm"
                variant="secondary"
                disabled={reopen.isPending}
                aria-label={`Reopen the reconciliation of ${formatDate(r.statementDate)}`}
                onClick={() =>
                  void flash.run(
                    () => reopen.mutateAsync(r.id),
                    `Reconciliation of ${formatDate(r.statementDate)} reopened`,
                    'Failed to reopen reconciliation',
                  )
                }
              >
                Reopen
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
