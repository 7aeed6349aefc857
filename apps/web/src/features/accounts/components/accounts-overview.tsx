import { useState } from 'react';
import type { Account } from '@ledgerly/shared';
import { FlashBanners, type Flash } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { StatCard } from '../../../components/ui/stat-card';
import { useErrorFlash } from '../../../lib/error-message';
import { useMoney } from '../../../lib/use-currency';
import { ACCOUNTS_FALLBACK, useAccounts } from '../api/get-accounts';
import { CLASS_LABELS, classTotal, groupAccounts, netWorthTotals } from '../lib/account-groups';
import { AccountFormDialog } from './account-form-dialog';
import { AccountGroup, ClosedAccounts } from './account-list';
import { NetWorthPanel } from './net-worth-panel';
import { TransferSuggestions } from './transfer-suggestions';

/** The Accounts tab's first page: totals, possible transfers, accounts by class, net worth. */
export function AccountsOverview({ onOpen, flash }: { onOpen: (id: string) => void; flash: Flash }) {
  const { money } = useMoney();
  const accounts = useAccounts();
  const [adding, setAdding] = useState(false);
  useErrorFlash(accounts.error, ACCOUNTS_FALLBACK, flash.showError);

  const list: readonly Account[] = accounts.data ?? [];
  const groups = groupAccounts(list);
  const totals = netWorthTotals(list);
  const names = new Map(list.map((a) => [a.id, a.name]));
  const accountName = (id: string) => names.get(id) ?? 'Unknown account';

  return (
    <section aria-labelledby="tab-title" className="space-y-6 pb-24">
      <PageHeader
        title="Accounts"
        subtitle="Where your money is, and what you owe"
        actions={<Button onClick={() => setAdding(true)}>Add account</Button>}
      />
      <FlashBanners flash={flash} />
      {accounts.isPending ? (
        <Spinner />
      ) : (
        <>
          {/* Two by two on a phone (net worth on a row of its own), three across from sm. */}
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
            <StatCard label="Assets" icon="💰" value={money(totals.assets)} tone="positive" />
            <StatCard
              label="Liabilities"
              icon="💳"
              value={money(totals.liabilities)}
              tone={totals.liabilities > 0 ? 'negative' : 'neutral'}
            />
            <div className="col-span-2 sm:col-span-1">
              <StatCard
                label="Net worth"
                icon={totals.netWorth < 0 ? '📉' : '📈'}
                value={money(totals.netWorth)}
                tone={totals.netWorth < 0 ? 'negative' : 'accent'}
              />
            </div>
          </div>
          <TransferSuggestions accountName={accountName} flash={flash} />
          <div className="space-y-6">
            {groups.asset.length > 0 && (
              <AccountGroup
                title={CLASS_LABELS.asset}
                total={classTotal(groups.asset, 'asset')}
                accounts={groups.asset}
                onOpen={onOpen}
              />
            )}
            {groups.liability.length > 0 && (
              <AccountGroup
                title={CLASS_LABELS.liability}
                total={classTotal(groups.liability, 'liability')}
                accounts={groups.liability}
                onOpen={onOpen}
              />
            )}
          </div>
          <ClosedAccounts accounts={groups.closed} onOpen={onOpen} />
          <NetWorthPanel />
        </>
      )}
      <AccountFormDialog
        open={adding}
        account={null}
        onClose={() => setAdding(false)}
        onSaved={(message) => {
          setAdding(false);
          flash.showSuccess(message);
        }}
      />
    </section>
  );
}
