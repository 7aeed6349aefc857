import type { Account, ImportBatch } from '@ledgerly/shared';
import { MATCH_MSG } from '@ledgerly/shared';

export interface ImportAccountPickerProps {
  batch: ImportBatch;
  accounts: Account[];
  busy: boolean;
  onAccount: (accountId: string) => void;
  onStatementAccount: (id: string) => void;
}

const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900';

/**
 * Which account the statement goes into: shown only with two or more accounts (a user with one
 * sees the spec's wizard). Preselects the batch's account (chosen or recognised from the file);
 * while none is chosen, Import is blocked and a sentence says why. A file of several accounts
 * also asks which of its accounts to import.
 */
export function ImportAccountPicker({
  batch,
  accounts,
  busy,
  onAccount,
  onStatementAccount,
}: ImportAccountPickerProps) {
  const open = accounts.filter((a) => !a.closedAt);
  const several = (batch.statementAccounts ?? []).length > 1;
  if (open.length < 2 && !several) return null;
  const needsAccount = batch.needsReview.includes('account');
  const needsStatement = batch.needsReview.includes('statementAccount');
  const chosen = typeof batch.options.statementAccount === 'string' ? batch.options.statementAccount : '';
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="import-account-picker">
      {open.length >= 2 && (
        <label className="block text-sm font-medium">
          Account
          <select
            className={selectClass}
            value={batch.accountId ?? ''}
            disabled={busy}
            aria-invalid={needsAccount}
            aria-describedby={needsAccount ? 'import-account-needed' : undefined}
            onChange={(e) => e.target.value && onAccount(e.target.value)}
          >
            {!batch.accountId && <option value="">Choose an account</option>}
            {open.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.id === batch.suggestedAccountId ? ' (recognised from the file)' : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      {several && (
        <label className="block text-sm font-medium">
          Account in the file
          <select
            className={selectClass}
            value={chosen}
            disabled={busy}
            aria-invalid={needsStatement}
            onChange={(e) => e.target.value && onStatementAccount(e.target.value)}
          >
            {!chosen && <option value="">Choose which account's rows to import</option>}
            {(batch.statementAccounts ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {`${s.id} (${s.rows} rows)`}
              </option>
            ))}
          </select>
        </label>
      )}
      {needsAccount && (
        <p id="import-account-needed" role="alert" className="text-sm text-amber-700 dark:text-amber-300 sm:col-span-2">
          {MATCH_MSG.chooseAccount}
        </p>
      )}
      {needsStatement && (
        <p role="alert" className="text-sm text-amber-700 dark:text-amber-300 sm:col-span-2">
          {MATCH_MSG.chooseStatementAccount}
        </p>
      )}
    </div>
  );
}
