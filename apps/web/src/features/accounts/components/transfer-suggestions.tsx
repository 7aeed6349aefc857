import { formatDate, type Transaction } from '@ledgerly/shared';
import type { Flash } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useMoney } from '../../../lib/use-currency';
import { useTransferSuggestions } from '../api/get-transfer-suggestions';
import { useLinkTransfer } from '../api/link-transfer';
import { useRejectTransferSuggestion } from '../api/reject-transfer-suggestion';
import type { TransferSuggestion } from '../types';

function Leg({ t, accountName, label }: { t: Transaction; accountName: string; label: string }) {
  const { money } = useMoney();
  return (
    <div className="min-w-0 flex-1 rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
      <p className="text-xs font-medium text-slate-600 uppercase dark:text-slate-400">{label}</p>
      <p className="truncate font-medium">{t.description || '(no description)'}</p>
      <p className="text-slate-600 dark:text-slate-400">
        {accountName} · <time dateTime={t.date}>{formatDate(t.date)}</time> ·{' '}
        <span className={t.type === 'income' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}>
          {t.type === 'income' ? '+' : '-'}
          {money(t.amount)}
        </span>
      </p>
    </div>
  );
}

/** "Possible transfers": pairs matching found but did not link on its own; link or dismiss each. */
export function TransferSuggestions({ accountName, flash }: { accountName: (id: string) => string; flash: Flash }) {
  const suggestions = useTransferSuggestions();
  const link = useLinkTransfer();
  const reject = useRejectTransferSuggestion();
  const items = suggestions.data ?? [];
  if (items.length === 0) return null;
  const busy = link.isPending || reject.isPending;
  const pair = (s: TransferSuggestion) => ({
    outTransactionId: s.outTransactionId,
    inTransactionId: s.inTransactionId,
  });
  return (
    <Card>
      <section aria-labelledby="possible-transfers" className="space-y-3">
        <div>
          <h2 id="possible-transfers" className="text-lg font-semibold">
            Possible transfers
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            These look like money moving between your accounts. A linked pair is a transfer: never income or spending.
          </p>
        </div>
        <ul className="space-y-3">
          {items.map((s) => (
            <li
              key={`${s.outTransactionId}-${s.inTransactionId}`}
              className="space-y-2 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0 dark:border-slate-800"
            >
              <div className="flex flex-col gap-2 sm:flex-row">
                <Leg t={s.outTransaction} accountName={accountName(s.outTransaction.accountId)} label="Out of" />
                <Leg t={s.inTransaction} accountName={accountName(s.inTransaction.accountId)} label="Into" />
              </div>
              <div className="flex justify-end gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    void flash.run(
                      () => reject.mutateAsync(pair(s)),
                      'Not a transfer: noted',
                      'Failed to dismiss the suggestion',
                    )
                  }
                >
                  Not a transfer
                </Button>
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    void flash.run(
                      () => link.mutateAsync(pair(s)),
                      'Linked as a transfer',
                      'Failed to link the transfer',
                    )
                  }
                >
                  Link
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
