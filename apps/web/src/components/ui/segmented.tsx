export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  /** Shown after the label, e.g. a count. */
  badge?: number | string;
}

export interface SegmentedProps<T extends string> {
  /** Names the group for screen readers. */
  label: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'sm' | 'md';
  disabled?: boolean;
}

/**
 * A row of toggle buttons of which one is pressed: period toggles, type toggles, filter tabs.
 * Buttons with aria-pressed keep it simple for keyboard and screen-reader users alike.
 */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  size = 'md',
  disabled,
}: SegmentedProps<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
    >
      {options.map((o) => {
        const pressed = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onChange(o.value)}
            className={`rounded-md font-medium transition-colors disabled:opacity-60 ${size === 'sm' ? 'px-2.5 py-1 text-xs' : 'px-3 py-1.5 text-sm'} ${
              pressed
                ? 'bg-white text-indigo-700 shadow-sm dark:bg-slate-950 dark:text-indigo-300'
                : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
            }`}
          >
            {o.label}
            {o.badge !== undefined && ' '}
            {o.badge !== undefined && (
              <span className="ml-1.5 rounded-full bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                {o.badge}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
