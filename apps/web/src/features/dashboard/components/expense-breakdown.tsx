import { type BreakdownItem, formatShare } from '@ledgerly/shared';
import { useMoney } from '../../../lib/use-currency';
import { useChartTheme } from '../lib/use-chart-theme';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { pieSlices, pieSummary } from '../lib/dashboard-helpers';
import { ChartPanel } from './chart-panel';
import { ExpensePieChart } from './lazy-charts';

/** 'Expense Breakdown': a pie of the period's expenses by category, with a legend. */
export function ExpenseBreakdown({ items }: { items: BreakdownItem[] }) {
  const { money } = useMoney();
  const theme = useChartTheme();
  const reducedMotion = useReducedMotion();
  const slices = pieSlices(items);
  return (
    <ChartPanel
      title="Expense Breakdown"
      empty={slices.length === 0}
      summary={pieSummary(slices, money)}
      chart={<ExpensePieChart slices={slices} money={money} theme={theme} animate={!reducedMotion} />}
      legend={
        // The table below says the same to screen readers; the legend is for the eye.
        <ul aria-hidden="true" className="mt-4 flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
          {slices.map((s) => (
            <li key={s.id} className="flex items-center gap-1.5 text-slate-700 dark:text-slate-300">
              <span className="h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: s.fill }} />
              <span>{s.name}</span>
              <span className="text-slate-500 dark:text-slate-400">{formatShare(s.percentage)}</span>
            </li>
          ))}
        </ul>
      }
      alternative={
        // A table does not shrink to sr-only's 1px, so a hidden box holds it.
        <div className="sr-only">
          <table>
            <caption>Expense Breakdown by category</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Amount</th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {slices.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.name}</th>
                  <td>{money(s.value)}</td>
                  <td>{formatShare(s.percentage)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
    />
  );
}
