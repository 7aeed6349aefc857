import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../components/ui/button';
import { exportCsv } from '../api/export-csv';
import { downloadBlob } from '../api/export-pdf';
import type { TransactionFilters } from '../filters';

export interface ExportCsvButtonProps {
  filters: TransactionFilters;
  today: string;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
}

/** Downloads the transactions matching the filters as CSV (which the importer reads back). */
export function ExportCsvButton({ filters, today, onSuccess, onError }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const { blob, filename } = await exportCsv(filters, today);
      downloadBlob(blob, filename);
      onSuccess('CSV exported successfully!');
    } catch (error) {
      onError(errorMessage(error, 'Failed to export CSV'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy}>
      <span aria-hidden="true">🧾</span>
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
