import type { ReactNode } from 'react';
import { FitText } from './fit-text';

const TONES = {
  positive: 'text-green-700 dark:text-green-400',
  negative: 'text-red-700 dark:text-red-400',
  neutral: 'text-slate-900 dark:text-slate-100',
  accent: 'text-indigo-700 dark:text-indigo-300',
} as const;

/** A summary card: a label, a big value and an optional note. */
export function StatCard({
  label,
  value,
  note,
  tone = 'neutral',
  icon,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  tone?: keyof typeof TONES;
  icon?: string;
}) {
  return (
    <div
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-tone={tone}
    >
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
        {icon && <span aria-hidden="true">{icon}</span>}
      </div>
      <p className={`mt-2 text-2xl font-bold ${TONES[tone]}`}>
        <FitText>{value}</FitText>
      </p>
      {note && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{note}</p>}
    </div>
  );
}
