import { useCallback, useMemo, useState } from 'react';
import type { Transaction } from '@ledgerly/shared';
import { useErrorFlash } from '../../../lib/error-message';
import { useToday } from '../../../lib/use-currency';
import { FlashBanners, useFlash } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { Segmented } from '../../../components/ui/segmented';
import { useDeleteTransaction } from '../api/delete-transaction';
import { useTransactions } from '../api/get-transactions';
import {
  QUICK_RANGES,
  activeQuickRange,
  defaultFilters,
  quickRangeDates,
  type QuickRange,
  type TransactionFilters as Filters,
} from '../filters';
import { useDebouncedValue } from '../use-debounced-value';
import { ImportWizard } from '../../imports/components/import-wizard';
import { RulesDialog } from '../../rules/components/rules-dialog';
import { ExportCsvButton } from './export-csv-button';
import { ExportPdfButton } from './export-pdf-button';
import { ReceiptPreviewDialog } from './receipt-preview-dialog';
import { transactionTitle } from './transaction-card';
import { TransactionFilters } from './transaction-filters';
import { TransactionFormDialog } from './transaction-form-dialog';
import { TransactionList } from './transaction-list';
import { TransactionSummaryCards } from './transaction-summary-cards';
import { DeleteTransferDialog } from './delete-transfer-dialog';
import { BulkEditBar, RowCheckbox, SelectButton } from './bulk-edit-bar';
import { useBulkSelection } from '../bulk-selection';
import { useAccountsView } from '../../accounts/api/use-accounts';
import { transferLabel } from '../transfer-label';

const SEARCH_DEBOUNCE_MS = 300;

/** The Transactions tab: summary, filters and the paged list, with create, edit, delete and export. */
export function TransactionsTab() {
  const today = useToday();
  const flash = useFlash();
  // `draft.search` is the text as typed; the query uses it once typing pauses.
  const [draft, setDraft] = useState<Filters>(() => defaultFilters(today));
  const search = useDebouncedValue(draft.search, SEARCH_DEBOUNCE_MS);
  const filters = useMemo(() => ({ ...draft, search }), [draft, search]);

  const [form, setForm] = useState<{ open: boolean; transaction: Transaction | null }>({
    open: false,
    transaction: null,
  });
  const [toDelete, setToDelete] = useState<Transaction | null>(null);
  const [importing, setImporting] = useState(false);
  const [rules, setRules] = useState<{ open: boolean; initial: { contains: string; categoryId: string } | null }>({
    open: false,
    initial: null,
  });
  const [receiptOf, setReceiptOf] = useState<Transaction | null>(null);

  const { nameOf } = useAccountsView();
  // A transfer leg asks "both sides or keep this one" instead of the plain confirmation.
  const deletingTransfer = toDelete?.transferId ? toDelete : null;
  const list = useTransactions(filters);
  const remove = useDeleteTransaction();
  const transactions = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const total = list.data?.pages[0]?.meta.total ?? 0;
  const totalIsLowerBound = list.data?.pages[0]?.meta.totalIsLowerBound ?? false;
  const selection = useBulkSelection(transactions, filters);

  // List failures show in the 3-second banner like every other failure.
  useErrorFlash(list.error, 'Failed to fetch transactions', flash.showError);

  const { hasNextPage, isFetching, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);

  async function confirmDelete() {
    if (!toDelete) return;
    await flash.run(
      () => remove.mutateAsync(toDelete.id),
      'Transaction deleted successfully!',
      'Failed to delete transaction',
    );
    setToDelete(null);
  }

  return (
    <section aria-labelledby="tab-title" className="space-y-6">
      <PageHeader
        title="Transactions"
        actions={
          <>
            {/* Exports what the filter fields show, including search text still being typed. */}
            <ExportPdfButton filters={draft} today={today} onSuccess={flash.showSuccess} onError={flash.showError} />
            <ExportCsvButton filters={draft} today={today} onSuccess={flash.showSuccess} onError={flash.showError} />
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <span aria-hidden="true">⬆️</span>
              Import
            </Button>
            <Button variant="secondary" onClick={() => setRules({ open: true, initial: null })}>
              Rules
            </Button>
            <Button onClick={() => setForm({ open: true, transaction: null })}>
              <span aria-hidden="true">+</span>
              Add Transaction
            </Button>
          </>
        }
      />
      <FlashBanners flash={flash} />
      <Segmented<QuickRange | 'custom'>
        label="Date range"
        options={QUICK_RANGES}
        value={activeQuickRange(draft, today)}
        onChange={(range) => range !== 'custom' && setDraft((d) => ({ ...d, ...quickRangeDates(range, today) }))}
      />
      <TransactionSummaryCards filters={filters} />
      <TransactionFilters
        value={draft}
        today={today}
        onChange={setDraft}
        onClear={() => setDraft(defaultFilters(today))}
      />
      {selection.active && (
        <BulkEditBar
          selection={selection}
          total={total}
          totalIsLowerBound={totalIsLowerBound}
          filters={filters}
          onSuccess={flash.showSuccess}
          onError={flash.showError}
        />
      )}
      <TransactionList
        transactions={transactions}
        total={total}
        totalIsLowerBound={totalIsLowerBound}
        isLoading={list.isPending}
        isUpdating={list.isPlaceholderData}
        hasNextPage={hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        isFetching={list.isFetching}
        failed={list.isError}
        onLoadMore={loadMore}
        onRetry={() => void list.refetch()}
        onEdit={(transaction) => setForm({ open: true, transaction })}
        onDelete={setToDelete}
        onViewReceipt={setReceiptOf}
        onStatusError={flash.showError}
        toolbar={!selection.active && <SelectButton selection={selection} />}
        leadingOf={
          selection.active
            ? (t, index) => (
                <RowCheckbox
                  selection={selection}
                  index={index}
                  id={t.id}
                  label={`${t.description || (transferLabel(t, nameOf) ?? transactionTitle(t))}, ${t.date}`}
                />
              )
            : undefined
        }
      />

      <TransactionFormDialog
        open={form.open}
        transaction={form.transaction}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={(message) => {
          setForm((f) => ({ ...f, open: false }));
          flash.showSuccess(message);
        }}
        onMakeRule={(t) => {
          setForm((f) => ({ ...f, open: false }));
          setRules({
            open: true,
            initial: { contains: (t.description ?? '').slice(0, 100), categoryId: t.categoryId ?? '' },
          });
        }}
      />
      <RulesDialog
        open={rules.open}
        initial={rules.initial}
        onClose={() => setRules({ open: false, initial: null })}
        onDone={flash.showSuccess}
      />
      <ConfirmDialog
        open={toDelete !== null && !deletingTransfer}
        title="Delete Transaction"
        message={
          toDelete
            ? `Are you sure you want to delete "${transactionTitle(toDelete)}"? This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
      <DeleteTransferDialog
        transaction={deletingTransfer}
        label={deletingTransfer ? (transferLabel(deletingTransfer, nameOf) ?? '') : ''}
        onDone={(message) => {
          setToDelete(null);
          flash.showSuccess(message);
        }}
        onError={(message) => {
          setToDelete(null);
          flash.showError(message);
        }}
        onCancel={() => setToDelete(null)}
      />
      <ImportWizard open={importing} onClose={() => setImporting(false)} onDone={flash.showSuccess} />
      <ReceiptPreviewDialog
        url={receiptOf?.receiptUrl ?? null}
        label={receiptOf ? transactionTitle(receiptOf) : ''}
        onClose={() => setReceiptOf(null)}
      />
    </section>
  );
}
