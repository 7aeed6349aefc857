import { Suspense, useState } from 'react';
import { monthLabel } from '@ledgerly/shared';
import { Card } from '../../../components/ui/card';
import { Segmented } from '../../../components/ui/segmented';
import { useMoney } from '../../../lib/use-currency';
import { useChartTheme } from '../../dashboard/lib/use-chart-theme';
import { useReducedMotion } from '../../dashboard/lib/use-reduced-motion';
import { useNetWorth } from '../api/get-net-worth';
import { NET_WORTH_RANGES, netWorthSummary, pointsInRange, type NetWorthRange } from '../lib/net-worth-range';
import { NetWorthChart } from './lazy-net-worth-chart';

/** The net-worth chart of the Accounts tab: month ends over 1, 5 or 10 years. */
export function NetWorthPanel() {
  const { money } = useMoney();
  const theme = useChartTheme();
  const reducedMotion = useReducedMotion();
  const [range, setRange] = useState<NetWorthRange>('1y');
  const netWorth = useNetWorth();
  const points = pointsInRange(netWorth.data ?? [], range);
  return (
    <Card className="min-w-0">
      <section aria-labelledby="net-worth-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="net-worth-heading" className="text-lg font-semibold">
            Net worth over time
          </h2>
          <Segmented label="Range" size="sm" options={NET_WORTH_RANGES} value={range} onChange={setRange} />
        </div>
        {netWorth.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {netWorth.error.message}
          </p>
        ) : (
          <>
            <div role="img" aria-label={netWorthSummary(points, money)} className="h-64 w-full">
              {netWorth.isPending ? (
                <div
                  aria-hidden="true"
                  className="h-full w-full animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800"
                />
              ) : (
                <Suspense fallback={null}>
                  <NetWorthChart points={points} money={money} theme={theme} animate={!reducedMotion} />
                </Suspense>
              )}
            </div>
            <div className="sr-only">
              <table>
                <caption>Net worth at each month end</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Assets</th>
                    <th scope="col">Liabilities</th>
                    <th scope="col">Net worth</th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((p) => (
                    <tr key={p.month}>
                      <th scope="row">{monthLabel(p.month)}</th>
                      <td>{money(p.assets)}</td>
                      <td>{money(p.liabilities)}</td>
                      <td>{money(p.netWorth)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
