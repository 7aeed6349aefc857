import type { ReactNode } from 'react';
import { FitText } from './fit-text';
import { Emoji } from './emoji';

const TONES = {
  positive: 'text-green-700 dark:text-green-400',
  negative: 'text-red-700 dark:text-red-400',
  neutral: 'text-slate-900 dark:text-slate-100',
  accent: 'text-indigo-700 dark:text-indigo-300',
} as const;

/**
 * A summary card: a label, a big value and an optional note. With `onClick` the whole card is a
 * button (it opens more detail), named by its text.
 */
export function StatCard({
  label,
  value,
  note,
  tone = 'neutral',
  icon,
  onClick,
  haspopup,
  action,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  tone?: keyof typeof TONES;
  icon?: string;
  onClick?: () => void;
  /** With `onClick`: what the button opens (aria-haspopup). */
  haspopup?: 'dialog';
  /** A visible control under the value (instead of making the whole card a button). */
  action?: ReactNode;
}) {
  const box =
    'min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900';
  if (onClick) {
    // The same look in spans laid out as blocks: paragraphs are not allowed inside a button.
    return (
      <button
        type="button"
        onClick={onClick}
        aria-haspopup={haspopup}
        data-tone={tone}
        className={`${box} block w-full text-left transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 dark:hover:border-indigo-700 dark:hover:bg-slate-800`}
      >
        <span className="flex items-center justify-between">
          <span className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</span>
          {icon && (
            <span aria-hidden="true">
              <Emoji emoji={icon} />
            </span>
          )}
        </span>
        <span data-stat-value className={`mt-2 block text-2xl font-bold ${TONES[tone]}`}>
          <FitText>{value}</FitText>
        </span>
        {note && <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{note}</span>}
      </button>
    );
  }
  return (
    <div className={box} data-tone={tone}>
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
        {icon && (
          <span aria-hidden="true">
            <Emoji emoji={icon} />
          </span>
        )}
      </div>
      <p data-stat-value className={`mt-2 text-2xl font-bold ${TONES[tone]}`}>
        <FitText>{value}</FitText>
      </p>
      {note && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{note}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
