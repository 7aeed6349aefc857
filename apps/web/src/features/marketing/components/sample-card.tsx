import { formatMoney } from '@ledgerly/shared';
import { Emoji } from '../../../components/ui/emoji';

const INCOME = 5240;
const EXPENSE = 3186.45;
const TOP = [
  { name: 'Housing', icon: '🏠', pct: 44, color: 'bg-indigo-500' },
  { name: 'Food & Dining', icon: '🍔', pct: 23, color: 'bg-amber-500' },
  { name: 'Transportation', icon: '🚗', pct: 12, color: 'bg-sky-500' },
] as const;

/** A sample month as the app would show it: income, expense, balance and top spending. */
export function SampleCard() {
  return (
    <figure
      aria-label="Sample monthly overview"
      className="relative mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl shadow-indigo-500/10 sm:p-6 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/40"
    >
      <div className="flex items-center justify-between">
        <p className="text-sm font-semibold text-slate-900 dark:text-white">This Month</p>
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
          Sample data
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
        <div className="rounded-xl bg-emerald-50 p-2.5 sm:p-3 dark:bg-emerald-950/50">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Income</dt>
          <dd className="mt-1 text-sm font-bold text-emerald-700 sm:text-base dark:text-emerald-400">
            {formatMoney(INCOME)}
          </dd>
        </div>
        <div className="rounded-xl bg-rose-50 p-2.5 sm:p-3 dark:bg-rose-950/50">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Expense</dt>
          <dd className="mt-1 text-sm font-bold text-rose-700 sm:text-base dark:text-rose-400">
            {formatMoney(EXPENSE)}
          </dd>
        </div>
        <div className="rounded-xl bg-indigo-50 p-2.5 sm:p-3 dark:bg-indigo-950/50">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Balance</dt>
          <dd className="mt-1 text-sm font-bold text-indigo-700 sm:text-base dark:text-indigo-300">
            {formatMoney(INCOME - EXPENSE)}
          </dd>
        </div>
      </dl>
      <p className="mt-5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        Top spending
      </p>
      <ul className="mt-2 space-y-3">
        {TOP.map((c) => (
          <li key={c.name}>
            <div className="flex items-center justify-between text-sm">
              <span>
                <Emoji emoji={c.icon} /> {c.name}
              </span>
              <span className="font-medium text-slate-600 dark:text-slate-400">{c.pct}%</span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
              <div className={`h-2 rounded-full ${c.color}`} style={{ width: `${c.pct}%` }} />
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-5 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950/60 dark:text-amber-200">
        <span aria-hidden="true">⚠️</span> Food & Dining is at 82% of its monthly budget
      </p>
    </figure>
  );
}
