import type { DashboardData } from '@ledgerly/shared';
import { useMoney } from '../../../lib/use-currency';
import { useChartTheme } from '../lib/use-chart-theme';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { balanceSeriesLabel, trendHasData, trendRows, trendSummary, trendTitle } from '../lib/dashboard-helpers';
import { ChartPanel } from './chart-panel';
import { TrendLineChart } from './lazy-charts';

/** The line chart of income, expense and balance, daily for the month and monthly otherwise. */
export function IncomeExpenseTrend({
  period,
  trend,
}: {
  period: DashboardData['period'];
  trend: DashboardData['trend'] | undefined;
}) {
  const { money } = useMoney();
  const theme = useChartTheme();
  const reducedMotion = useReducedMotion();
  const title = trendTitle(period);
  const rows = trend ? trendRows(trend) : [];
  const granularity = trend?.granularity ?? 'monthly';
  return (
    <ChartPanel
      title={title}
      empty={!trendHasData(rows)}
      summary={trendSummary(title, rows, money)}
      chart={
        <TrendLineChart rows={rows} granularity={granularity} money={money} theme={theme} animate={!reducedMotion} />
      }
      alternative={
        // A table does not shrink to sr-only's 1px, so a hidden box holds it.
        <div className="sr-only">
          <table>
            <caption>{title}: income, expense and balance</caption>
            <thead>
              <tr>
                <th scope="col">{granularity === 'daily' ? 'Day' : 'Month'}</th>
                <th scope="col">Income</th>
                <th scope="col">Expense</th>
                <th scope="col">{balanceSeriesLabel(granularity)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  <td>{money(r.income)}</td>
                  <td>{money(r.expense)}</td>
                  <td>{money(r.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
    />
  );
}
