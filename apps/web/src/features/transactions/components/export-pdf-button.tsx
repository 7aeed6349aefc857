import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../components/ui/button';
import { downloadBlob, exportPdf } from '../api/export-pdf';
import type { TransactionFilters } from '../filters';

export interface ExportPdfButtonProps {
  filters: TransactionFilters;
  today: string;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
}

/** Downloads the transactions matching the filters as a PDF report. */
export function ExportPdfButton({ filters, today, onSuccess, onError }: ExportPdfButtonProps) {
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const { blob, filename } = await exportPdf(filters, today);
      downloadBlob(blob, filename);
      onSuccess('PDF exported successfully!');
    } catch (error) {
      onError(errorMessage(error, 'Failed to export PDF'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy}>
      <span aria-hidden="true">📄</span>
      {busy ? 'Exporting...' : 'Export PDF'}
    </Button>
  );
}
