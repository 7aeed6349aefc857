import type { BudgetStatus } from '@ledgerly/shared';
import { FitText } from '../../../components/ui/fit-text';

/** Labels and colours of the three states (spec §4): green, yellow, red. */
export const STATUS_UI: Record<BudgetStatus, { label: string; badge: string; bar: string }> = {
  safe: {
    label: 'On Track',
    badge:
      'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-900/50 dark:text-green-200 dark:ring-green-400/30',
    bar: 'bg-green-500',
  },
  warning: {
    label: 'Warning',
    badge:
      'bg-yellow-100 text-yellow-900 ring-yellow-600/30 dark:bg-yellow-900/50 dark:text-yellow-200 dark:ring-yellow-400/30',
    bar: 'bg-yellow-400',
  },
  exceeded: {
    label: 'Over Budget',
    badge: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-900/50 dark:text-red-200 dark:ring-red-400/30',
    bar: 'bg-red-500',
  },
};

export function StatusBadge({ status }: { status: BudgetStatus }) {
  const ui = STATUS_UI[status];
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${ui.badge}`}
    >
      {ui.label}
    </span>
  );
}

/**
 * A spending bar coloured by status, its width capped at 100 %; screen readers hear the real
 * percentage through aria-valuetext.
 */
export function BudgetBar({
  percentage,
  status,
  label,
  size = 'md',
}: {
  percentage: number;
  status: BudgetStatus;
  label: string;
  size?: 'md' | 'lg';
}) {
  const width = Math.min(Math.max(percentage, 0), 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={width}
      aria-valuetext={`${formatPercent(percentage)} used, ${STATUS_UI[status].label}`}
      data-status={status}
      className={`w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700 ${size === 'lg' ? 'h-4' : 'h-2.5'}`}
    >
      <div
        className={`h-full rounded-full transition-[width] ${STATUS_UI[status].bar}`}
        style={{ width: `${width}%` }}
      />
    </div>
  );
}

/** 69.99 → "69.99%", 70 → "70.00%". */
export function formatPercent(percentage: number): string {
  return `${percentage.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
}

/** Remaining as an absolute amount: green 'Remaining' at zero or more, red 'Over by' below. */
export function RemainingAmount({
  remaining,
  format,
  className = '',
  valueClassName = 'font-semibold',
}: {
  remaining: number;
  format: (amount: number) => string;
  className?: string;
  valueClassName?: string;
}) {
  const over = remaining < 0;
  return (
    <div className={className} data-over={over}>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{over ? 'Over by' : 'Remaining'}</dt>
      <dd className={valueClassName}>
        <FitText className={over ? 'text-red-700 dark:text-red-400' : 'text-green-700 dark:text-green-400'}>
          {format(Math.abs(remaining))}
        </FitText>
      </dd>
    </div>
  );
}
