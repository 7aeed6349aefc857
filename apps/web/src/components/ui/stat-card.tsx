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
 * button (it opens more detail), named by its text. `dense` cards are the same from 640 px up and
 * compact below it (smaller padding and type, no icon), so a row of them fits a phone.
 */
export function StatCard({
  label,
  value,
  note,
  tone = 'neutral',
  icon,
  onClick,
  haspopup,
  dense = false,
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
  dense?: boolean;
  /** A visible control under the value (instead of making the whole card a button). */
  action?: ReactNode;
}) {
  const box = `min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 ${
    dense ? 'px-2.5 py-2 sm:p-5' : 'p-5'
  }`;
  const labelText = `font-medium text-slate-600 dark:text-slate-400 ${dense ? 'text-xs leading-tight sm:text-sm' : 'text-sm'}`;
  const iconBox = dense ? 'max-sm:hidden' : undefined;
  const valueText = `font-bold ${TONES[tone]} ${dense ? 'mt-0.5 text-base sm:mt-2 sm:text-2xl' : 'mt-2 text-2xl'}`;
  const noteText = `text-xs text-slate-600 dark:text-slate-400 ${dense ? 'leading-tight sm:mt-1' : 'mt-1'}`;
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
        <span className="flex items-center justify-between gap-1">
          <span className={labelText}>{label}</span>
          {icon && (
            <span aria-hidden="true" className={iconBox}>
              <Emoji emoji={icon} />
            </span>
          )}
        </span>
        <span data-stat-value className={`block ${valueText}`}>
          <FitText>{value}</FitText>
        </span>
        {note && <span className={`block ${noteText}`}>{note}</span>}
      </button>
    );
  }
  return (
    <div className={box} data-tone={tone}>
      <div className="flex items-center justify-between gap-1">
        <p className={labelText}>{label}</p>
        {icon && (
          <span aria-hidden="true" className={iconBox}>
            <Emoji emoji={icon} />
          </span>
        )}
      </div>
      <p data-stat-value className={valueText}>
        <FitText>{value}</FitText>
      </p>
      {note && <p className={noteText}>{note}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
