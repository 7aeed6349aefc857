import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportBatch, ImportOptions, ImportRow, ImportSummary } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/error-message';
import { useMoney } from '../../../lib/use-currency';
import { useAccounts } from '../../accounts/api/get-accounts';
import { useCategories } from '../../categories/api/get-categories';
import { invalidateAfter } from '../../../lib/query-keys';
import { commitImport, discardImport, importKeys, revertImport, updateImport, useImport } from '../api/import-batch';
import { uploadStatement } from '../api/upload-statement';
import { ImportAccountPicker } from './import-account-picker';
import { ImportCurrencyNotice } from './import-currency-notice';
import { ImportOutcome } from './import-outcome';
import { ImportHistory } from './import-history';
import { ImportRowsTable } from './import-rows-table';
import { ImportSettings } from './import-settings';
import { plural } from '../lib/row-text';
import { FileCategoriesOffer } from './file-categories-offer';

const PAGE = 100;

export interface ImportWizardProps {
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** "N new, M duplicates, K errors, income X, expense Y" (singular for one). */
export function summaryText(s: ImportSummary, money: (n: number) => string): string {
  const parts = [`${s.new.toLocaleString('en-US')} new`, plural(s.duplicates, 'duplicate')];
  if (s.possibleDuplicates) parts.push(plural(s.possibleDuplicates, 'possible duplicate'));
  if (s.linked) parts.push(`${s.linked.toLocaleString('en-US')} linked`);
  parts.push(plural(s.errors, 'error'));
  if (s.skipped) parts.push(`${s.skipped.toLocaleString('en-US')} skipped`);
  return `${parts.join(', ')}, income ${money(s.income)}, expense ${money(s.expense)}`;
}

/** "Import 1 transaction", "Import 143 transactions". */
export const importLabel = (n: number) => `Import ${plural(n, 'transaction')}`;

/** The undo confirmation's question: "Undo import of 143 transactions?". */
export const undoQuestion = (n: number) => `Undo import of ${plural(n, 'transaction')}?`;

/**
 * The statement import: pick or drop a file → check the detected settings and the preview rows
 * (status, category) → Import with progress → done, with Undo.
 */
export function ImportWizard({ open, onClose, onDone }: ImportWizardProps) {
  const queryClient = useQueryClient();
  const { money } = useMoney();
  const categories = useCategories();
  const [batchId, setBatchId] = useState<string | null>(null);
  const [limit, setLimit] = useState(PAGE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [samePayee, setSamePayee] = useState(true);
  const [dragging, setDragging] = useState(false);
  const [confirmUndo, setConfirmUndo] = useState<{ id: string; count: number; fileName: string } | null>(null);
  const batch = useImport(batchId, limit);
  // The app's one accounts query (the Accounts tab's): an account added anywhere shows here too.
  // Until it loads, or if it fails, there is no picker, as for a user with one account.
  const accounts = useAccounts();
  // keepPreviousData would otherwise show the last batch once the wizard starts over.
  const data = batchId ? batch.data : undefined;

  const reset = () => {
    setBatchId(null);
    setLimit(PAGE);
    setError(null);
  };

  async function act<T>(fn: () => Promise<T>, fallback: string): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      return await fn();
    } catch (e) {
      setError(errorMessage(e, fallback));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const show = (b: ImportBatch) => {
    queryClient.setQueryData(importKeys.batch(b.id, limit), b);
    void queryClient.invalidateQueries({ queryKey: importKeys.all });
  };

  async function pick(file: File | undefined) {
    if (!file) return;
    const b = await act(() => uploadStatement(file), 'Failed to read the statement');
    if (b) {
      setLimit(PAGE);
      queryClient.setQueryData(importKeys.batch(b.id, PAGE), b);
      setBatchId(b.id);
      // The preview may have created "Uncategorized": without it in the list, a row's select
      // would show the first category instead of the one the row has.
      await invalidateAfter(queryClient, 'categoryAdded');
    }
  }

  async function change(body: Parameters<typeof updateImport>[1]) {
    if (!batchId) return;
    const b = await act(() => updateImport(batchId, body), 'Failed to update the import');
    if (b) {
      show(b);
      // The answer carries the first page only; longer views reload.
      if (limit !== PAGE) void queryClient.invalidateQueries({ queryKey: importKeys.batch(b.id, limit) });
    }
  }

  async function commit() {
    if (!batchId) return;
    const b = await act(() => commitImport(batchId), 'Failed to import');
    if (b) {
      show(b);
      await invalidateAfter(queryClient, 'categoryChanged');
    }
  }

  async function undo(id: string) {
    const b = await act(() => revertImport(id), 'Failed to undo the import');
    if (b) {
      show(b);
      await invalidateAfter(queryClient, 'categoryChanged');
      if (id !== batchId) onDone('Import undone');
    }
  }

  async function confirmedUndo() {
    const pending = confirmUndo;
    setConfirmUndo(null);
    if (pending) await undo(pending.id);
  }

  async function close() {
    if (busy) return;
    if (data?.status === 'preview') await discardImport(data.id).catch(() => undefined);
    if (data?.status === 'committed') {
      await invalidateAfter(queryClient, 'categoryChanged');
      onDone(`Imported ${plural(data.summary.imported, 'transaction')}`);
    }
    void queryClient.invalidateQueries({ queryKey: importKeys.all });
    reset();
    onClose();
  }

  const importCount = data ? data.summary.toImport : 0;
  const progress = data?.progress;

  return (
    <Dialog open={open} onClose={() => void close()} title="Import transactions" size="xl" busy={busy}>
      <div className="space-y-4">
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        )}

        {!data && (
          <>
            <div
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(e) => {
                e.preventDefault();
                setDragging(false);
                void pick(e.dataTransfer.files[0]);
              }}
              className={`rounded-xl border-2 border-dashed p-6 text-center ${
                dragging
                  ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
                  : 'border-slate-300 dark:border-slate-600'
              }`}
            >
              <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
                Drop a bank statement here (CSV, OFX, QFX, QIF or CAMT), or choose one.
              </p>
              <label className="inline-block">
                <span className="sr-only">Statement file</span>
                <input
                  type="file"
                  data-autofocus
                  disabled={busy}
                  onChange={(e) => void pick(e.target.files?.[0])}
                  className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-600 file:px-4 file:py-2 file:text-white"
                />
              </label>
              {busy && <p className="mt-3 text-sm">Reading the file...</p>}
            </div>
            <ImportHistory
              busy={busy}
              money={money}
              onUndo={(b) => setConfirmUndo({ id: b.id, count: b.summary.imported, fileName: b.fileName })}
            />
          </>
        )}

        {data?.status === 'preview' && (
          <>
            <ImportAccountPicker
              batch={data}
              accounts={accounts.data ?? []}
              busy={busy}
              onAccount={(accountId) => void change({ options: { ...data.options, accountId } })}
              onStatementAccount={(statementAccount) => void change({ options: { ...data.options, statementAccount } })}
            />
            <ImportCurrencyNotice
              batch={data}
              busy={busy}
              onAccount={(accountId) => void change({ options: { ...data.options, accountId } })}
            />
            {data.options.profileId && (
              <p
                className="flex flex-wrap items-center gap-2 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
                data-testid="import-remembered"
              >
                Using the settings from your last import of this file. Change any of them below, or
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  onClick={() => void change({ options: { fresh: true } })}
                >
                  Detect again
                </Button>
              </p>
            )}
            <ImportSettings
              key={JSON.stringify(data.options)}
              batch={data}
              busy={busy}
              onChange={(options: ImportOptions) => void change({ options })}
            />
            {data.fileCategories && data.fileCategories.length > 0 && (
              <FileCategoriesOffer
                names={data.fileCategories}
                busy={busy}
                onCreate={async (names) => {
                  await change({ createCategories: names });
                  await invalidateAfter(queryClient, 'categoryAdded');
                }}
              />
            )}
            <p className="text-sm font-medium" aria-live="polite" data-testid="import-summary">
              {summaryText(data.summary, money)}
            </p>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={samePayee}
                onChange={(e) => setSamePayee(e.target.checked)}
              />
              A category chosen for a row applies to every row of the same payee
            </label>
            <ImportRowsTable
              rows={data.rows ?? []}
              categories={categories.data ?? []}
              money={money}
              busy={busy}
              onCategory={(row: ImportRow, categoryId) =>
                void change({ rows: [{ index: row.index, categoryId, samePayee }] })
              }
              onSkip={(row, skip) => void change({ rows: [{ index: row.index, skip }] })}
              onSameAs={(row, sameAs) => void change({ rows: [{ index: row.index, sameAs }] })}
            />
            {data.meta?.nextCursor !== null && data.meta?.nextCursor !== undefined && (
              <Button variant="secondary" size="sm" onClick={() => setLimit((l) => Math.min(l + PAGE, 1000))}>
                Show more rows
              </Button>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => void close()} disabled={busy}>
                Cancel
              </Button>
              <Button
                onClick={() => void commit()}
                disabled={
                  busy ||
                  importCount === 0 ||
                  data.needsReview.includes('account') ||
                  data.needsReview.includes('statementAccount') ||
                  data.currency?.matches === false
                }
              >
                {importLabel(importCount)}
              </Button>
            </div>
          </>
        )}

        {data?.status === 'importing' && (
          <div className="space-y-2">
            <p className="text-sm">Importing...</p>
            <div
              role="progressbar"
              aria-label="Import progress"
              aria-valuemin={0}
              aria-valuemax={progress?.total ?? 0}
              aria-valuenow={progress?.done ?? 0}
              className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            >
              <div
                className="h-full bg-indigo-600"
                style={{ width: `${progress && progress.total ? (progress.done / progress.total) * 100 : 0}%` }}
              />
            </div>
          </div>
        )}

        {(data?.status === 'committed' || data?.status === 'reverted' || data?.status === 'failed') && (
          <div className="space-y-3">
            <p role="status" className="text-sm font-medium">
              {data.status === 'committed'
                ? `Imported ${plural(data.summary.imported, 'transaction')}.`
                : data.status === 'reverted'
                  ? 'Import undone: its transactions were removed.'
                  : (data.message ?? 'The import failed.')}
            </p>
            {data.status === 'committed' && <ImportOutcome batch={data} money={money} />}
            <div className="flex flex-wrap justify-end gap-2">
              {data.status === 'committed' && (
                <Button
                  variant="secondary"
                  onClick={() => setConfirmUndo({ id: data.id, count: data.summary.imported, fileName: data.fileName })}
                  disabled={busy}
                >
                  Undo
                </Button>
              )}
              <Button onClick={() => void close()} disabled={busy}>
                Done
              </Button>
            </div>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirmUndo !== null}
        title={confirmUndo ? undoQuestion(confirmUndo.count) : 'Undo import?'}
        message={
          confirmUndo
            ? `The ${plural(confirmUndo.count, 'transaction')} imported from ${confirmUndo.fileName} will be removed. Transactions you entered yourself stay.`
            : ''
        }
        confirmLabel="Undo import"
        busy={busy}
        onConfirm={confirmedUndo}
        onCancel={() => setConfirmUndo(null)}
      />
    </Dialog>
  );
}
