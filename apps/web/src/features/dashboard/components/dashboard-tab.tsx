import { useState } from 'react';
import { TAG_LIMITS, type DashboardPeriod, type TagMode } from '@ledgerly/shared';
import { FlashBanners, useFlash } from '../../../components/ui/banner';
import { PageHeader } from '../../../components/ui/page-header';
import { Segmented } from '../../../components/ui/segmented';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useErrorFlash } from '../../../lib/error-message';
import { DASHBOARD_FALLBACK, useDashboard } from '../api/get-dashboard';
import { useGenerateDueRecurringOnOpen } from '../api/generate-recurring';
import { DEFAULT_PERIOD, PERIOD_OPTIONS } from '../lib/dashboard-helpers';
import { AddTransactionButton } from './add-transaction-button';
import { ExpenseBreakdown } from './expense-breakdown';
import { IncomeExpenseTrend } from './income-expense-trend';
import { NetWorthCard } from './net-worth-card';
import { RecentTransactions } from './recent-transactions';
import { SummaryCards } from './summary-cards';
import { TopCategories } from './top-categories';
import { UpcomingBills } from '../../recurring/components/upcoming-bills';
import { useTags } from '../../tags/api/tags';
import { TagPicker } from '../../tags/components/tag-picker';

export const ADDED_MESSAGE = 'Transaction added successfully!';

/** The Dashboard tab: the period's figures, charts, top categories and latest transactions. */
export function DashboardTab() {
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_PERIOD);
  const flash = useFlash();
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [tagMode, setTagMode] = useState<TagMode>('any');
  const { data: tags = [] } = useTags();
  const dashboard = useDashboard(period, { tagIds, tagMode });
  useGenerateDueRecurringOnOpen();

  // On failure every section stays empty under one red banner (one round trip, one message).
  const data = dashboard.isError ? undefined : dashboard.data;
  const firstLoad = dashboard.isPending;
  const switching = dashboard.isPlaceholderData;
  useErrorFlash(dashboard.error, DASHBOARD_FALLBACK, flash.showError);

  // The add mutation itself refreshes every figure a new transaction moves.
  const onAdded = () => flash.showSuccess(ADDED_MESSAGE);

  return (
    <section aria-labelledby="tab-title" className="space-y-6 pb-24">
      <PageHeader
        title="Dashboard"
        subtitle="Overview of your financial health"
        actions={<Segmented label="Period" options={PERIOD_OPTIONS} value={period} onChange={setPeriod} />}
      />
      <FlashBanners flash={flash} />
      {tags.length > 0 && (
        // The figures of the rows with these tags (docs/tags.md); empty: every row.
        <div className="grid max-w-2xl grid-cols-[1fr_auto] items-start gap-2">
          <TagPicker label="Tags" tags={tags} value={tagIds} max={TAG_LIMITS.filterMax} onChange={setTagIds} />
          <SelectField label="Match" value={tagMode} onChange={(e) => setTagMode(e.target.value as TagMode)}>
            <option value="any">Any of them</option>
            <option value="all">All of them</option>
            <option value="none">None of them</option>
          </SelectField>
        </div>
      )}

      {firstLoad ? (
        <Spinner />
      ) : (
        <div
          aria-busy={switching}
          className={`space-y-6 transition-opacity ${switching ? 'opacity-60' : 'opacity-100'}`}
        >
          <SummaryCards summary={data?.summary} />
          <NetWorthCard />
          {/* From 1024 px the spec's two rows of two panels. Narrower, one column, and on a phone
              the recent transactions come first (right under the figures) so the latest rows
              are on the first screen; the charts follow. */}
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="grid min-w-0 max-sm:order-2">
              <ExpenseBreakdown items={data?.breakdown.breakdown ?? []} />
            </div>
            <div className="grid min-w-0 max-sm:order-3">
              <IncomeExpenseTrend period={data?.period ?? period} trend={data?.trend} />
            </div>
            <div className="grid min-w-0 max-sm:order-4">
              <TopCategories items={data?.topCategories ?? []} />
            </div>
            <div className="grid min-w-0 max-sm:order-1">
              <RecentTransactions items={data?.recentTransactions ?? []} />
            </div>
          </div>
          <UpcomingBills />
        </div>
      )}

      <AddTransactionButton onAdded={onAdded} />
    </section>
  );
}
