import type { ImportBatch } from '@ledgerly/shared';
import { formatDate } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { plural } from '../lib/row-text';
import { useImportHistory } from '../api/list-imports';

const STATUS: Record<ImportBatch['status'], string> = {
  preview: 'Not imported',
  importing: 'Importing',
  committed: 'Imported',
  reverted: 'Undone',
  failed: 'Failed',
};

export interface ImportHistoryProps {
  busy: boolean;
  money: (amount: number) => string;
  /** Asks first (the wizard confirms with the count). */
  onUndo: (batch: ImportBatch) => void;
}

/** Past imports, newest first, each finished one with Undo. */
export function ImportHistory({ busy, money, onUndo }: ImportHistoryProps) {
  const history = useImportHistory(true);
  const past = (history.data ?? []).filter((b) => b.status !== 'preview');
  return (
    <section aria-labelledby="import-history-title" className="space-y-2">
      <h3 id="import-history-title" className="text-sm font-semibold">
        Import history
      </h3>
      {history.isError && <p className="text-sm text-red-700 dark:text-red-300">Failed to load imports</p>}
      {!history.isPending && past.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">No imports yet.</p>
      )}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {past.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0 break-words">
              <span className="font-medium">{b.fileName}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {formatDate(b.createdAt)} · {STATUS[b.status]}
                {b.status === 'committed' &&
                  ` · ${plural(b.summary.imported, 'transaction')} · income ${money(b.summary.income)}, expense ${money(b.summary.expense)}`}
              </span>
            </span>
            {b.status === 'committed' && (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => onUndo(b)}
                aria-label={`Undo import of ${b.fileName}`}
              >
                Undo
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
