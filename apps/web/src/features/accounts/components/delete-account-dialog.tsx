import { useState } from 'react';
import type { Account } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useAccountRowCount } from '../api/count-account-rows';
import { useDeleteAccount } from '../api/delete-account';

/**
 * Deleting an account. When it holds transactions they must go somewhere: the dialog asks which
 * open account takes them (the server refuses a delete without one, 409).
 */
export function DeleteAccountDialog({
  account,
  others,
  onClose,
  onDeleted,
}: {
  account: Account | null;
  /** The user's other open accounts: where the rows can go. */
  others: readonly Account[];
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const remove = useDeleteAccount();
  return (
    <Dialog open={account !== null} onClose={onClose} title="Delete account" size="sm" busy={remove.isPending}>
      {account && (
        <DeleteAccountBody
          account={account}
          others={others}
          busy={remove.isPending}
          onCancel={onClose}
          onDelete={async (moveTo) => {
            await remove.mutateAsync({ id: account.id, moveTo });
            onDeleted(`${account.name} deleted`);
          }}
        />
      )}
    </Dialog>
  );
}

function DeleteAccountBody({
  account,
  others,
  busy,
  onCancel,
  onDelete,
}: {
  account: Account;
  others: readonly Account[];
  busy: boolean;
  onCancel: () => void;
  onDelete: (moveTo: string | undefined) => Promise<void>;
}) {
  const count = useAccountRowCount(account.id);
  const [moveTo, setMoveTo] = useState(others.find((a) => a.isDefault)?.id ?? others[0]?.id ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  if (count.isPending) return <Spinner />;
  const rows = count.data ?? 0;
  const needsTarget = rows > 0;

  async function confirm() {
    setFailure(null);
    try {
      await onDelete(needsTarget ? moveTo : undefined);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to delete account'));
    }
  }

  return (
    <div className="space-y-4">
      {failure && <Banner kind="error" message={failure} />}
      {count.isError && <Banner kind="error" message={count.error.message} />}
      {needsTarget ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <strong>{account.name}</strong> has{' '}
            {rows === 1 ? '1 transaction' : `${rows.toLocaleString('en-US')} transactions`}. They move to the account
            you choose.
          </p>
          {others.length > 0 ? (
            <SelectField label="Move its transactions to" value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
              {others.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </SelectField>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Add another account first: they need somewhere to go.
            </p>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Delete <strong>{account.name}</strong>? It has no transactions. This cannot be undone.
        </p>
      )}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={busy || (needsTarget && !moveTo)}>
          {busy ? 'Deleting...' : needsTarget ? 'Move and delete' : 'Delete account'}
        </Button>
      </div>
    </div>
  );
}
