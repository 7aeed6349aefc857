import { useId, useState, type SubmitEvent } from 'react';
import { ALL_CURRENCIES, CURRENCY_REGISTRY, type Rate, addDays, isCurrencyCode } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { InputField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useCurrency, useToday } from '../../../lib/use-currency';
import { useDeleteRate, useRates, useSaveRate } from '../api/rates';

const SOURCE_LABELS: Record<Rate['source'], string> = {
  same: 'Base currency',
  user: 'Yours',
  transfer: 'Transfer',
  dataset: 'Bundled history',
  feed: 'Fetched',
  missing: 'No rate',
};

interface Flash {
  showSuccess: (message: string) => void;
  showError: (message: string) => void;
}

/** Settings → Exchange rates: a currency's rates over a period, the user's own added, overridden, deleted. */
export function ExchangeRatesCard({ flash }: { flash: Flash }) {
  const base = useCurrency();
  const today = useToday();
  const listId = useId();
  const [code, setCode] = useState(base === 'EUR' ? 'USD' : 'EUR');
  const [start, setStart] = useState(addDays(today, -13));
  const [end, setEnd] = useState(today);
  const [day, setDay] = useState(today);
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const currency = code.trim().toUpperCase();
  const valid = isCurrencyCode(currency) && start <= end;
  const rates = useRates(currency, start, end, valid);
  const save = useSaveRate();
  const remove = useDeleteRate();
  const name = CURRENCY_REGISTRY.get(currency)?.name;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({ currency, day, rate: rate.trim() });
      flash.showSuccess(`Rate saved for ${currency} on ${day}`);
      setRate('');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      flash.showError(errorMessage(error, 'Failed to save exchange rate'));
    }
  }

  async function onDelete(r: Rate) {
    if (!r.id) return;
    try {
      await remove.mutateAsync(r.id);
      flash.showSuccess(`Your rate for ${r.day} was deleted`);
    } catch (error) {
      flash.showError(errorMessage(error, 'Failed to delete exchange rate'));
    }
  }

  const missing = rates.data?.filter((r) => r.source === 'missing').length ?? 0;
  return (
    <Card role="region" aria-labelledby="settings-rates">
      <h2 id="settings-rates" className="text-lg font-semibold">
        Exchange rates
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        How much one unit of a currency is worth in your base currency, {base}, day by day. Your own rates win over the
        bundled history.
      </p>

      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <InputField
          label="Currency"
          value={code}
          list={listId}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          hint={name ?? 'Type a code or a name'}
          error={errors.currency}
        />
        <datalist id={listId}>
          {ALL_CURRENCIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </datalist>
        <InputField label="From" type="date" value={start} max={end} onChange={(e) => setStart(e.target.value)} />
        <InputField label="To" type="date" value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
      </div>

      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Add or override a rate" className="mt-4">
        <fieldset className="grid gap-4 sm:grid-cols-3 sm:items-start">
          <legend className="mb-2 text-sm font-medium">Add or override a rate</legend>
          <InputField
            label="Day"
            type="date"
            max={today}
            value={day}
            onChange={(e) => setDay(e.target.value)}
            error={errors.day}
          />
          <InputField
            label={`1 ${currency || '…'} in ${base}`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="1.0834"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            error={errors.rate}
          />
          <Button type="submit" className="sm:mt-6" disabled={save.isPending || !isCurrencyCode(currency)}>
            {save.isPending ? 'Saving...' : 'Save rate'}
          </Button>
        </fieldset>
      </form>

      <div className="mt-4" aria-live="polite">
        {!valid ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Choose a currency and a period to see its rates.</p>
        ) : rates.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading rates...</p>
        ) : rates.error ? (
          <p className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(rates.error, 'Failed to load exchange rates')}
          </p>
        ) : (
          <>
            {missing > 0 && (
              <p className="mb-2 text-sm text-amber-800 dark:text-amber-300">
                {missing === 1 ? '1 day has' : `${missing} days have`} no rate: add one above.
              </p>
            )}
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">
                  Rates of {currency} in {base} from {start} to {end}
                </caption>
                <thead className="text-xs uppercase text-slate-600 dark:text-slate-400">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      Day
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      1 {currency} in {base}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Source
                    </th>
                    <th scope="col" className="py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...rates.data].reverse().map((r) => (
                    <tr key={r.day} className="border-t border-slate-200 dark:border-slate-800">
                      <td className="py-2 pr-3 whitespace-nowrap">{r.day}</td>
                      <td className="py-2 pr-3 font-mono">{r.rate ?? '—'}</td>
                      <td className="py-2 pr-3">
                        <span
                          className={
                            r.source === 'missing'
                              ? 'text-amber-800 dark:text-amber-300'
                              : r.source === 'user'
                                ? 'font-medium text-indigo-700 dark:text-indigo-300'
                                : ''
                          }
                        >
                          {SOURCE_LABELS[r.source]}
                        </span>
                      </td>
                      <td className="py-2 text-right">
                        {r.source === 'user' ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => void onDelete(r)}
                            disabled={remove.isPending}
                            aria-label={`Delete your rate for ${r.day}`}
                          >
                            Delete
                          </Button>
                        ) : (
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => {
                              setDay(r.day);
                              setRate(r.rate ?? '');
                            }}
                            aria-label={`${r.rate ? 'Override' : 'Add'} the rate for ${r.day}`}
                            disabled={r.source === 'same' || r.day > today}
                          >
                            {r.rate ? 'Override' : 'Add'}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
