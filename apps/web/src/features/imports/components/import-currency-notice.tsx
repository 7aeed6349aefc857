import { useState } from 'react';
import type { ImportBatch } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/error-message';
import { useCreateAccount } from '../../accounts/api/create-account';

export interface ImportCurrencyNoticeProps {
  batch: ImportBatch;
  busy: boolean;
  onAccount: (accountId: string) => void;
}

/**
 * A statement in another currency than the chosen account's (DESIGN §12): the server's sentence
 * naming both currencies, the user's accounts in the statement's currency to import into instead,
 * and a way to create one. Import stays blocked until the currencies agree.
 */
export function ImportCurrencyNotice({ batch, busy, onAccount }: ImportCurrencyNoticeProps) {
  const create = useCreateAccount();
  const [error, setError] = useState<string | null>(null);
  const check = batch.currency;
  if (!check || check.matches || !check.message) return null;
  const code = check.statement;
  const createOne = async () => {
    if (!code) return;
    setError(null);
    try {
      const created = await create.mutateAsync({ name: `${code} account`, kind: 'checking', currency: code });
      onAccount(created.data.id);
    } catch (e) {
      setError(errorMessage(e, `Could not create an account in ${code}`));
    }
  };
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      data-testid="import-currency-mismatch"
    >
      <p>{check.message}</p>
      {code && (
        <div className="flex flex-wrap gap-2">
          {check.accounts.map((a) => (
            <Button key={a.id} size="sm" variant="secondary" disabled={busy} onClick={() => onAccount(a.id)}>
              {`Import into ${a.name}`}
            </Button>
          ))}
          <Button size="sm" variant="secondary" disabled={busy || create.isPending} onClick={() => void createOne()}>
            {`Create an account in ${code}`}
          </Button>
        </div>
      )}
      {error && <p className="text-red-700 dark:text-red-300">{error}</p>}
    </div>
  );
}
