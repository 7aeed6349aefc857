import { useId, useState } from 'react';
import type { TransactionType } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { InputField, SelectField } from '../../../components/ui/field';
import { useCategories } from '../../categories/api/get-categories';
import { useAccountsView } from '../../accounts/api/use-accounts';
import { activeQuickRange, withDate, type TransactionFilters as Filters } from '../filters';
import { useTags } from '../../tags/api/tags';
import { TagPicker } from '../../tags/components/tag-picker';
import { TAG_LIMITS, type TagMode } from '@ledgerly/shared';

export interface TransactionFiltersProps {
  /** The filters in force, except that `search` is the text as typed (applied after a pause). */
  value: Filters;
  today: string;
  onChange: (next: Filters) => void;
  onClear: () => void;
}

/**
 * Type, category, account (once there are several), date range and search (description, category
 * name or amount). At phone width only the search shows until "More filters" is pressed (it counts
 * the hidden filters in force), so the list starts on the first screen; from 640 px up every field
 * shows, as the spec lists them.
 */
export function TransactionFilters({ value, today, onChange, onClear }: TransactionFiltersProps) {
  const headingId = useId();
  const moreId = useId();
  const [expanded, setExpanded] = useState(false);
  const hiddenInForce =
    (value.type ? 1 : 0) +
    (value.categoryId ? 1 : 0) +
    (value.accountId ? 1 : 0) +
    (activeQuickRange(value, today) === 'custom' ? 1 : 0) +
    (value.tagIds.length ? 1 : 0);
  const { data: tags = [] } = useTags();
  const phoneHidden = expanded ? '' : 'max-sm:hidden';
  const { data: categories = [] } = useCategories();
  const { accounts, several } = useAccountsView();
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
      className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-2 flex items-center gap-1 sm:mb-3 sm:gap-3">
        <h2 id={headingId} className="mr-auto text-sm font-semibold text-slate-800 dark:text-slate-100">
          Filters
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="sm:hidden"
          aria-expanded={expanded}
          aria-controls={moreId}
          onClick={() => setExpanded((x) => !x)}
        >
          {expanded ? 'Fewer filters' : hiddenInForce > 0 ? `More filters (${hiddenInForce})` : 'More filters'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear Filters
        </Button>
      </div>
      <div id={moreId} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
        <SelectField
          label="Type"
          value={value.type}
          onChange={(e) => setType(e.target.value as TransactionType | '')}
          containerClassName={phoneHidden}
        >
          <option value="">All types</option>
          <option value="income">Income</option>
          <option value="expense">Expense</option>
        </SelectField>
        <SelectField
          label="Category"
          value={value.categoryId}
          onChange={(e) => set({ categoryId: e.target.value })}
          containerClassName={phoneHidden}
        >
          <option value="">All categories</option>
          {offered.map((c) => (
            <option key={c.id} value={c.id}>
              {c.icon} {c.name}
            </option>
          ))}
        </SelectField>
        {/* Only once there is a second account (DESIGN §10): one account shows the spec's filters. */}
        {several && (
          <SelectField
            label="Account"
            value={value.accountId}
            onChange={(e) => set({ accountId: e.target.value })}
            containerClassName={phoneHidden}
          >
            <option value="">All accounts</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.closedAt ? ' (closed)' : ''}
              </option>
            ))}
          </SelectField>
        )}
        <InputField
          label="Start date"
          type="date"
          value={value.startDate}
          max={today}
          onChange={(e) => onChange(withDate(value, 'startDate', e.target.value, today))}
          containerClassName={phoneHidden}
        />
        <InputField
          label="End date"
          type="date"
          value={value.endDate}
          max={today}
          onChange={(e) => onChange(withDate(value, 'endDate', e.target.value, today))}
          containerClassName={phoneHidden}
        />
        {tags.length > 0 && (
          <div className={`col-span-2 grid grid-cols-[1fr_auto] items-start gap-2 lg:col-span-2 ${phoneHidden}`}>
            <TagPicker
              label="Tags"
              tags={tags}
              value={value.tagIds}
              max={TAG_LIMITS.filterMax}
              onChange={(tagIds) => set({ tagIds })}
            />
            <SelectField
              label="Match"
              value={value.tagMode}
              onChange={(e) => set({ tagMode: e.target.value as TagMode })}
            >
              <option value="any">Any of them</option>
              <option value="all">All of them</option>
              <option value="none">None of them</option>
            </SelectField>
          </div>
        )}
        <InputField
          label="Search"
          type="search"
          placeholder="Text or amount"
          value={value.search}
          onChange={(e) => set({ search: e.target.value })}
          containerClassName={
            several ? 'col-span-2 lg:col-span-3 xl:col-span-5' : 'col-span-2 lg:col-span-4 xl:col-span-1'
          }
        />
      </div>
    </section>
  );
}
