import type { ImportBatch } from '@ledgerly/shared';
import { formatDate } from '@ledgerly/shared';

/** After a commit: the balance check against the file's closing balance, and transfer matching's result. */
export function ImportOutcome({ batch, money }: { batch: ImportBatch; money: (n: number) => string }) {
  const check = batch.balanceCheck;
  const transfers = batch.transfers;
  if (!check && !transfers) return null;
  return (
    <div className="space-y-1 text-sm" data-testid="import-outcome">
      {check && (
        <p className={check.matches ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-300'}>
          {check.matches
            ? `Matches your bank's closing balance of ${money(check.statementBalance)} on ${formatDate(check.date)}`
            : `Differs by ${money(Math.abs(check.statementBalance - check.ledgerBalance))} from your bank's closing balance of ${money(check.statementBalance)} on ${formatDate(check.date)} (the account shows ${money(check.ledgerBalance)})`}
        </p>
      )}
      {transfers && (transfers.linked > 0 || transfers.suggested > 0) && (
        <p>
          {`${transfers.linked} ${transfers.linked === 1 ? 'transfer' : 'transfers'} linked, ${transfers.suggested} possible ${transfers.suggested === 1 ? 'transfer' : 'transfers'} to review`}
        </p>
      )}
    </div>
  );
}
