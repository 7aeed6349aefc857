import { useState } from 'react';
import type { Account, Transaction } from '@ledgerly/shared';
import { FlashBanners, type Flash } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { TransactionFormDialog } from '../../transactions/components/transaction-form-dialog';
import { useAccounts } from '../api/get-accounts';
import { useRegister } from '../api/get-register';
import { useSetAccountClosed } from '../api/close-account';
import { useSetTransactionStatus } from '../api/set-transaction-status';
import { useUpdateAccount } from '../api/update-account';
import { institutionLine, kindLabel } from '../lib/account-groups';
import { isCleared } from '../lib/reconcile';
import type { Reconciliation, RegisterRow } from '../types';
import { AccountBadge } from './account-badge';
import { AccountFigures, BalanceCheckBadge, BrokenReconciliationWarning } from './account-figures';
import { AccountFormDialog } from './account-form-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ReconcileSessionPanel, ReconcileStart, type ReconcileSession } from './reconcile-panel';
import { ReconciliationsList } from './reconciliations-list';
import { RegisterRows } from './register-rows';

type Reconcile = { step: 'start' } | { step: 'session'; session: ReconcileSession } | null;

/** One account's page: its figures, its register with running balances, reconciliation. */
export function AccountRegister({ accountId, flash, onBack }: { accountId: string; flash: Flash; onBack: () => void }) {
  const accounts = useAccounts();
  const account = accounts.data?.find((a) => a.id === accountId);
  if (accounts.isPending) return <Spinner />;
  if (!account) {
    return (
      <section aria-labelledby="tab-title" className="space-y-4">
        <BackButton onBack={onBack} />
        <h1 id="tab-title" className="text-2xl font-bold">
          Account not found
        </h1>
      </section>
    );
  }
  return <RegisterPage account={account} accounts={accounts.data ?? []} flash={flash} onBack={onBack} />;
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button
      type="button"
      onClick={onBack}
      className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-slate-800"
    >
      <span aria-hidden="true">←</span> All accounts
    </button>
  );
}

function RegisterPage({
  account,
  accounts,
  flash,
  onBack,
}: {
  account: Account;
  accounts: readonly Account[];
  flash: Flash;
  onBack: () => void;
}) {
  const register = useRegister(account.id);
  const setStatus = useSetTransactionStatus();
  const update = useUpdateAccount();
  const setClosed = useSetAccountClosed();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Transaction | null>(null);
  const [editingAccount, setEditingAccount] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [closing, setClosing] = useState(false);
  const [reconcile, setReconcile] = useState<Reconcile>(null);

  const names = new Map(accounts.map((a) => [a.id, a.name]));
  const accountName = (id: string) => names.get(id);
  const rows: RegisterRow[] = register.data?.pages.flatMap((p) => p.data) ?? [];
  const closed = account.closedAt !== null;
  const others = accounts.filter((a) => a.id !== account.id && !a.closedAt);
  const detail = [kindLabel(account.kind), institutionLine(account), account.isDefault ? 'Default account' : '']
    .filter(Boolean)
    .join(' · ');

  async function toggleCleared(row: RegisterRow) {
    setPendingIds((s) => new Set(s).add(row.id));
    try {
      await setStatus.mutateAsync({ id: row.id, status: isCleared(row.status) ? 'uncleared' : 'cleared' });
    } catch (error) {
      flash.showError(errorMessage(error, 'Failed to update transaction'));
    } finally {
      setPendingIds((s) => {
        const next = new Set(s);
        next.delete(row.id);
        return next;
      });
    }
  }

  // The list's `cleared` is the cleared balance as of the statement date now: the live figures
  // start from it, as they do from the answer of a new start.
  const continueReconciliation = (r: Reconciliation) =>
    setReconcile({
      step: 'session',
      session: {
        id: r.id,
        statementDate: r.statementDate,
        statementBalance: r.statementBalance,
        clearedAtStart: r.cleared,
      },
    });

  return (
    <section aria-labelledby="tab-title" className="space-y-6 pb-24">
      <BackButton onBack={onBack} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <AccountBadge account={account} size="lg" />
          <div className="min-w-0">
            <h1 id="tab-title" className="truncate text-2xl font-bold">
              {account.name}
            </h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {detail}
              {closed && ' · Closed'}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {!closed && (
            <Button onClick={() => setReconcile({ step: 'start' })} disabled={reconcile !== null}>
              Reconcile
            </Button>
          )}
          <Button variant="secondary" onClick={() => setEditingAccount(true)}>
            Edit
          </Button>
          {!closed && !account.isDefault && (
            <Button
              variant="secondary"
              disabled={update.isPending}
              onClick={() =>
                void flash.run(
                  () => update.mutateAsync({ id: account.id, isDefault: true }),
                  `${account.name} is now your default account`,
                  'Failed to update account',
                )
              }
            >
              Make default
            </Button>
          )}
          {closed ? (
            <Button
              variant="secondary"
              disabled={setClosed.isPending}
              onClick={() =>
                void flash.run(
                  () => setClosed.mutateAsync({ id: account.id, closed: false }),
                  `${account.name} reopened`,
                  'Failed to reopen account',
                )
              }
            >
              Reopen
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setClosing(true)}>
              Close account
            </Button>
          )}
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </div>
      </div>
      <FlashBanners flash={flash} />
      <AccountFigures account={account} />
      <BalanceCheckBadge account={account} />
      <BrokenReconciliationWarning account={account} />

      {reconcile?.step === 'start' && (
        <ReconcileStart
          account={account}
          onCancel={() => setReconcile(null)}
          onStarted={(session) => setReconcile({ step: 'session', session })}
        />
      )}
      {reconcile?.step === 'session' && (
        <ReconcileSessionPanel
          account={account}
          session={reconcile.session}
          accountName={accountName}
          onCancel={() => setReconcile(null)}
          onFinished={(message) => {
            setReconcile(null);
            flash.showSuccess(message);
          }}
        />
      )}

      <section aria-labelledby="register-heading" className="space-y-3">
        <h2 id="register-heading" className="text-lg font-semibold">
          Transactions
        </h2>
        {register.isPending ? (
          <Spinner />
        ) : register.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {register.error.message}
          </p>
        ) : rows.length === 0 ? (
          <EmptyState icon="📄" title="No transactions in this account yet" />
        ) : (
          <div className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <RegisterRows
              rows={rows}
              accountName={accountName}
              pendingIds={pendingIds}
              onToggleCleared={(row) => void toggleCleared(row)}
              onEdit={setEditing}
              readOnly={closed}
            />
          </div>
        )}
        {register.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              onClick={() => void register.fetchNextPage()}
              disabled={register.isFetchingNextPage}
            >
              {register.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </section>

      <ReconciliationsList
        account={account}
        flash={flash}
        reconciling={reconcile !== null}
        onContinue={continueReconciliation}
      />

      <TransactionFormDialog
        open={editing !== null}
        transaction={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          flash.showSuccess(message);
        }}
      />
      <AccountFormDialog
        open={editingAccount}
        account={account}
        onClose={() => setEditingAccount(false)}
        onSaved={(message) => {
          setEditingAccount(false);
          flash.showSuccess(message);
        }}
      />
      <DeleteAccountDialog
        account={deleting ? account : null}
        others={others}
        onClose={() => setDeleting(false)}
        onDeleted={(message) => {
          setDeleting(false);
          flash.showSuccess(message);
          onBack();
        }}
      />
      <ConfirmDialog
        open={closing}
        title="Close account"
        message={`Close ${account.name}? It keeps its transactions and stays in the list under Closed accounts; no new transactions can be added until you reopen it.`}
        confirmLabel="Close account"
        busyLabel="Closing..."
        busy={setClosed.isPending}
        danger={false}
        onConfirm={async () => {
          await flash.run(
            () => setClosed.mutateAsync({ id: account.id, closed: true }),
            `${account.name} closed`,
            'Failed to close account',
          );
          setClosing(false);
        }}
        onCancel={() => setClosing(false)}
      />
    </section>
  );
}
