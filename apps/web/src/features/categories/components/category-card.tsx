import type { Category } from '@ledgerly/shared';
import { Emoji } from '../../../components/ui/emoji';

const actionClass = 'rounded-lg px-3 py-1.5 text-sm font-medium transition-colors';

export interface CategoryCardProps {
  category: Category;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
}

/** One category: icon, name, type and colour; Edit and Delete unless it is a default. */
export function CategoryCard({ category, onEdit, onDelete }: CategoryCardProps) {
  const { name, type, color, icon, isDefault } = category;
  return (
    <article
      aria-label={name}
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <span aria-hidden="true" className="h-1.5 w-full" style={{ backgroundColor: color }} />
      <div className="flex flex-1 flex-col gap-4 p-4">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            style={{ backgroundColor: `${color}26` }}
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl text-2xl"
          >
            <Emoji emoji={icon} />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex items-start justify-between gap-2">
              <h2 className="truncate text-base font-semibold" title={name}>
                {name}
              </h2>
              {isDefault && (
                <span className="shrink-0 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                  Default
                </span>
              )}
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
              <span
                className={`rounded-full px-2 py-0.5 font-medium ${
                  type === 'income'
                    ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
                    : 'bg-rose-50 text-rose-800 dark:bg-rose-950 dark:text-rose-300'
                }`}
              >
                {type === 'income' ? 'Income' : 'Expense'}
              </span>
              <span className="inline-flex items-center gap-1.5 text-slate-600 dark:text-slate-400">
                <span
                  aria-hidden="true"
                  className="h-3 w-3 rounded-full ring-1 ring-black/10 dark:ring-white/20"
                  style={{ backgroundColor: color }}
                />
                <span className="font-mono">
                  <span className="sr-only">Colour </span>
                  {color}
                </span>
              </span>
            </div>
          </div>
        </div>
        {!isDefault && (
          <div className="mt-auto flex justify-end gap-2 border-t border-slate-100 pt-3 dark:border-slate-800">
            <button
              type="button"
              aria-label={`Edit ${name}`}
              onClick={() => onEdit(category)}
              className={`${actionClass} text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800`}
            >
              Edit
            </button>
            <button
              type="button"
              aria-label={`Delete ${name}`}
              onClick={() => onDelete(category)}
              className={`${actionClass} text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950`}
            >
              Delete
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
