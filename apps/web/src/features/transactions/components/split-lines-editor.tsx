import { fromCents, LIMITS, toCents } from '@ledgerly/shared';
import { useMoney } from '../../../lib/use-currency';
import { Button } from '../../../components/ui/button';
import { InputField, SelectField } from '../../../components/ui/field';
import { CategorySelect } from '../../categories/components/category-select';

/** One line of the split editor as typed (the amount as text). */
export interface SplitLineDraft {
  key: number;
  categoryId: string;
  amount: string;
  type: 'expense' | 'income';
  note: string;
}

let nextKey = 1;
export const newLine = (type: 'expense' | 'income', over: Partial<SplitLineDraft> = {}): SplitLineDraft => ({
  key: nextKey++,
  categoryId: '',
  amount: '',
  type,
  note: '',
  ...over,
});

/**
 * What is left to assign, in cents, with the row's sign (income positive): the row's signed amount
 * minus the lines' signed amounts typed so far (a line whose amount cannot be read counts as 0).
 */
export function leftToAssign(rowType: 'expense' | 'income', rowAmount: string, lines: readonly SplitLineDraft[]) {
  const row = toCents(rowAmount) ?? 0;
  const signedRow = rowType === 'income' ? row : -row;
  const sum = lines.reduce((s, l) => {
    const c = toCents(l.amount) ?? 0;
    return s + (l.type === 'income' ? c : -c);
  }, 0);
  // Shown in the row's direction: positive while the lines fall short of the row.
  return rowType === 'income' ? signedRow - sum : sum - signedRow;
}

export interface SplitLinesEditorProps {
  rowType: 'expense' | 'income';
  rowAmount: string;
  lines: SplitLineDraft[];
  onChange: (lines: SplitLineDraft[]) => void;
  /** The problem with the lines as a whole (they do not add up, too few). */
  error?: string | undefined;
  /** A problem of one line, by its key. */
  lineErrors?: Record<number, string>;
}

/**
 * The lines of a split transaction (DESIGN §11): category, amount, type and note per line, and a
 * running "Left to assign" figure. A line may have the other type than the row (a refund inside
 * a purchase).
 */
export function SplitLinesEditor({ rowType, rowAmount, lines, onChange, error, lineErrors }: SplitLinesEditorProps) {
  const { money } = useMoney();
  const left = leftToAssign(rowType, rowAmount, lines);
  const set = (key: number, patch: Partial<SplitLineDraft>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">Split lines</legend>
      <ol className="space-y-3">
        {lines.map((line, i) => (
          <li
            key={line.key}
            data-testid="split-line"
            className="space-y-2 border-b border-slate-100 pb-3 last:border-b-0 last:pb-0 dark:border-slate-800"
          >
            <div className="grid gap-2 sm:grid-cols-2">
              <CategorySelect
                label={`Line ${i + 1} category`}
                type={line.type}
                value={line.categoryId}
                onChange={(categoryId) => set(line.key, { categoryId })}
                error={lineErrors?.[line.key]}
                required
              />
              <InputField
                label={`Line ${i + 1} amount`}
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                placeholder="0.00"
                required
                value={line.amount}
                onChange={(e) => set(line.key, { amount: e.target.value })}
              />
            </div>
            <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[minmax(0,8rem)_minmax(0,1fr)_auto]">
              <SelectField
                label={`Line ${i + 1} type`}
                value={line.type}
                // A category belongs to one type: changing type clears it.
                onChange={(e) => set(line.key, { type: e.target.value as 'expense' | 'income', categoryId: '' })}
              >
                <option value="expense">Expense</option>
                <option value="income">Income</option>
              </SelectField>
              <InputField
                containerClassName="col-span-2 max-sm:order-last sm:col-span-1"
                label={`Line ${i + 1} note (optional)`}
                maxLength={LIMITS.descriptionMax}
                value={line.note}
                onChange={(e) => set(line.key, { note: e.target.value })}
              />
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Remove line ${i + 1}`}
                disabled={lines.length <= 2}
                onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="secondary" size="sm" onClick={() => onChange([...lines, newLine(rowType)])}>
          Add line
        </Button>
        <p
          role="status"
          aria-live="polite"
          data-testid="left-to-assign"
          className={`text-sm font-medium tabular-nums ${left === 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-800 dark:text-amber-300'}`}
        >
          {left >= 0 ? 'Left to assign: ' : 'Assigned too much: '}
          {money(fromCents(Math.abs(left)))}
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
