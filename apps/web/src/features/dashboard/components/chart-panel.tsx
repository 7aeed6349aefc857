import { Suspense, useId, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';

/** Holds the chart's place while its code (Recharts, a separate chunk) downloads. */
function ChartLoading() {
  return <div aria-hidden="true" className="h-full w-full animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />;
}

/**
 * A titled card around a chart. The drawing itself is one image to assistive technology
 * (role="img" with a spoken summary); `alternative` carries the data points as text.
 */
export function ChartPanel({
  title,
  summary,
  empty,
  chart,
  legend,
  alternative,
}: {
  title: string;
  summary: string;
  empty: boolean;
  chart: ReactNode;
  legend?: ReactNode;
  alternative: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card className="min-w-0">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-4 text-lg font-semibold">
          {title}
        </h2>
        {empty ? (
          <EmptyState icon="📊" title="No data available" />
        ) : (
          <>
            <div role="img" aria-label={summary} className="h-72 w-full">
              <Suspense fallback={<ChartLoading />}>{chart}</Suspense>
            </div>
            {legend}
            {alternative}
          </>
        )}
      </section>
    </Card>
  );
}
