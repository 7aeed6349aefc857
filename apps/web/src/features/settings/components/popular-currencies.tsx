import { POPULAR_CURRENCY_COUNT, type Currency } from '@ledgerly/shared';

/** The first 8 currencies as quick picks; the chosen one is pressed. */
export function PopularCurrencies({
  currencies,
  value,
  onSelect,
  disabled,
}: {
  currencies: readonly Currency[];
  value: string;
  onSelect: (code: string) => void;
  disabled?: boolean;
}) {
  return (
    <div>
      <h3 id="popular-currencies" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        Popular Currencies
      </h3>
      <ul aria-labelledby="popular-currencies" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {currencies.slice(0, POPULAR_CURRENCY_COUNT).map((c) => {
          const selected = c.code === value;
          return (
            <li key={c.code}>
              <button
                type="button"
                aria-pressed={selected}
                aria-label={`${c.code}, ${c.name}`}
                disabled={disabled}
                onClick={() => onSelect(c.code)}
                className={`flex w-full items-center gap-2 rounded-lg border px-3 py-2 text-left transition-colors ${
                  selected
                    ? 'border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500 dark:bg-indigo-950'
                    : 'border-slate-200 hover:border-indigo-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800'
                }`}
              >
                <span aria-hidden="true" className="text-xl">
                  {c.flag}
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-semibold">
                    {c.code} <span className="font-normal text-slate-600 dark:text-slate-400">{c.symbol}</span>
                  </span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{c.name}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
