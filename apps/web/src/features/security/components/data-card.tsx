import { useState, type SubmitEvent } from 'react';
import type { RestoreResult } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { Flash } from '../../../components/ui/banner';
import { InputField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { downloadExport } from '../api/download-export';
import { useRestore } from '../api/restore-export';

const restoredText = (r: RestoreResult) =>
  `Restored ${r.transactions} transactions, ${r.categories} categories, ${r.budgets} budgets, ${r.recurring} recurring items, ${r.rules} rules, ${r.importProfiles} import profiles and ${r.receipts} receipts.`;

/** Export everything as a zip; restore such a zip into an empty account. */
export function DataCard({ flash }: { flash: Flash }) {
  const restore = useRestore();
  const [exporting, setExporting] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<string | null>(null);
  // A new key empties the file input after a restore.
  const [inputKey, setInputKey] = useState(0);

  async function onExport() {
    setExporting(true);
    try {
      const name = await downloadExport();
      flash.showSuccess(`Export downloaded: ${name}`);
    } catch (error) {
      flash.showError(errorMessage(error, 'Failed to export your data'));
    } finally {
      setExporting(false);
    }
  }

  async function onRestore(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setResult(null);
    if (!file) {
      setFileError('Choose an export file (.zip) to restore');
      return;
    }
    setFileError(undefined);
    try {
      const r = await restore.mutateAsync({ file, onProgress: setProgress });
      setResult(restoredText(r));
      flash.showSuccess('Your data was restored');
      setFile(null);
      setInputKey((k) => k + 1);
    } catch (error) {
      setFileError(errorMessage(error, 'Failed to restore the export'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Card role="region" aria-labelledby="account-data">
      <h3 id="account-data" className="text-base font-semibold">
        Your data
      </h3>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          One zip with everything: settings, categories, transactions, budgets, recurring items, import rules and
          profiles, and receipts, as JSON and CSV.
        </p>
        <Button onClick={() => void onExport()} disabled={exporting}>
          {exporting ? 'Preparing export...' : 'Export my data'}
        </Button>
      </div>
      <form
        onSubmit={(e) => void onRestore(e)}
        noValidate
        className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800"
      >
        <h4 className="text-sm font-semibold">Restore from an export</h4>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Only into an account with no data yet, such as a new one.
        </p>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <InputField
            key={inputKey}
            label="Export file (.zip)"
            type="file"
            accept=".zip,application/zip"
            containerClassName="flex-1"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            error={fileError}
            disabled={restore.isPending}
          />
          <Button type="submit" variant="secondary" disabled={restore.isPending}>
            {restore.isPending ? `Restoring... ${progress ?? 0}%` : 'Restore'}
          </Button>
        </div>
        {result && (
          <p role="status" className="mt-3 text-sm text-emerald-700 dark:text-emerald-300">
            {result}
          </p>
        )}
      </form>
    </Card>
  );
}
