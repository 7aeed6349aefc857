import { Suspense } from 'react';
import { Card } from '../../../components/ui/card';
import { useMoney } from '../../../lib/use-currency';
import { useAccounts } from '../../accounts/api/get-accounts';
import { useNetWorth } from '../../accounts/api/get-net-worth';
import { NetWorthChart } from '../../accounts/components/lazy-net-worth-chart';
import { netWorthTotals, showsAccountFigures } from '../../accounts/lib/account-groups';
import { netWorthSummary, pointsInRange } from '../../accounts/lib/net-worth-range';
import { useChartTheme } from '../lib/use-chart-theme';

/**
 * Assets, liabilities and net worth with a year's sparkline. Shown only once the user has two
 * accounts or a liability: with one account the dashboard stays the spec's.
 */
export function NetWorthCard() {
  const { money } = useMoney();
  const theme = useChartTheme();
  const accounts = useAccounts();
  const shown = showsAccountFigures(accounts.data ?? []);
  const netWorth = useNetWorth(shown);
  if (!shown) return null;
  const totals = netWorthTotals(accounts.data ?? []);
  const points = pointsInRange(netWorth.data ?? [], '1y');
  return (
    <Card className="min-w-0">
      <section aria-labelledby="net-worth-card-heading" className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <h2 id="net-worth-card-heading" className="text-sm font-medium text-slate-600 dark:text-slate-400">
            Net worth
          </h2>
          <p
            className={`mt-1 text-2xl font-bold tabular-nums ${totals.netWorth < 0 ? 'text-red-700 dark:text-red-400' : 'text-indigo-700 dark:text-indigo-300'}`}
          >
            {money(totals.netWorth)}
          </p>
          <dl className="mt-1 flex flex-wrap gap-x-4 text-sm text-slate-600 dark:text-slate-400">
            <div className="flex gap-1">
              <dt>Assets</dt>
              <dd className="font-medium text-slate-900 tabular-nums dark:text-slate-100">{money(totals.assets)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Liabilities</dt>
              <dd className="font-medium text-slate-900 tabular-nums dark:text-slate-100">
                {money(totals.liabilities)}
              </dd>
            </div>
          </dl>
        </div>
        {points.length > 1 && (
          <div role="img" aria-label={netWorthSummary(points, money)} className="h-14 w-full sm:w-56">
            <Suspense fallback={null}>
              <NetWorthChart points={points} money={money} theme={theme} animate={false} compact />
            </Suspense>
          </div>
        )}
      </section>
    </Card>
  );
}
