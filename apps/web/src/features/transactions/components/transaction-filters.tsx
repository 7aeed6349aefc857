import { useId } from 'react';
import type { TransactionType } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { InputField, SelectField } from '../../../components/ui/field';
import { useCategories } from '../../categories/api/get-categories';
import { withDate, type TransactionFilters as Filters } from '../filters';

export interface TransactionFiltersProps {
  /** The filters in force, except that `search` is the text as typed (applied after a pause). */
  value: Filters;
  today: string;
  onChange: (next: Filters) => void;
  onClear: () => void;
}

/** Type, category, date range and search (description, category name or amount). */
export function TransactionFilters({ value, today, onChange, onClear }: TransactionFiltersProps) {
  const headingId = useId();
  const { data: categories = [] } = useCategories();
  const offered = value.type ? categories.filter((c) => c.type === value.type) : categories;
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });

  function setType(type: TransactionType | '') {
    const category = categories.find((c) => c.id === value.categoryId);
    // Keep the chosen category only if it is of the new type.
    set({ type, categoryId: category && type && category.type !== type ? '' : value.categoryId });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          Filters
        </h2>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear Filters
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
        <SelectField label="Type" value={value.type} onChange={(e) => setType(e.target.value as TransactionType | '')}>
          <option value="">All types</option>
          <option value="income">Income</option>
          <option value="expense">Expense</option>
        </SelectField>
        <SelectField label="Category" value={value.categoryId} onChange={(e) => set({ categoryId: e.target.value })}>
          <option value="">All categories</option>
          {offered.map((c) => (
            <option key={c.id} value={c.id}>
              {c.icon} {c.name}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Start date"
          type="date"
          value={value.startDate}
          max={today}
          onChange={(e) => onChange(withDate(value, 'startDate', e.target.value, today))}
        />
        <InputField
          label="End date"
          type="date"
          value={value.endDate}
          max={today}
          onChange={(e) => onChange(withDate(value, 'endDate', e.target.value, today))}
        />
        <InputField
          label="Search"
          type="search"
          placeholder="Text or amount"
          value={value.search}
          onChange={(e) => set({ search: e.target.value })}
          containerClassName="col-span-2 lg:col-span-4 xl:col-span-1"
        />
      </div>
    </section>
  );
}
