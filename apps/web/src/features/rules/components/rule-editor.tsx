import { useState } from 'react';
import type { Category, RuleInput } from '@ledgerly/shared';
import { formatDate, ruleInputSchema } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { InputField, SelectField } from '../../../components/ui/field';
import { useMoney } from '../../../lib/use-currency';
import { useDebouncedValue } from '../../transactions/use-debounced-value';
import { plural } from '../../imports/lib/row-text';
import { useRulePreview } from '../api/preview-rule';

export interface RuleDraft {
  id: string | null;
  contains: string;
  categoryId: string;
}

export interface RuleEditorProps {
  draft: RuleDraft;
  categories: Category[];
  busy: boolean;
  onCancel: () => void;
  /** `apply`: also give the category to the past transactions the preview lists. */
  onSave: (input: RuleInput, apply: boolean) => void;
}

/**
 * One rule: the text to look for and the category, with a live preview of the past
 * transactions it would move (how many, and the newest of them with their category now).
 */
export function RuleEditor({ draft, categories, busy, onCancel, onSave }: RuleEditorProps) {
  const { money } = useMoney();
  const [contains, setContains] = useState(draft.contains);
  const [categoryId, setCategoryId] = useState(draft.categoryId);
  const [errors, setErrors] = useState<Partial<Record<'contains' | 'categoryId', string>>>({});
  const typed = useDebouncedValue(contains, 300);
  const checked = ruleInputSchema.safeParse({ contains: typed, categoryId });
  const preview = useRulePreview(checked.success ? checked.data : null);
  const target = categories.find((c) => c.id === categoryId);
  const matches = checked.success ? preview.data : undefined;

  function save(apply: boolean) {
    const result = ruleInputSchema.safeParse({ contains, categoryId });
    if (!result.success) {
      const next: typeof errors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if ((field === 'contains' || field === 'categoryId') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSave(result.data, apply);
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save(false);
      }}
    >
      <InputField
        label="Payee or description contains"
        value={contains}
        maxLength={100}
        data-autofocus
        hint="Case does not matter: “oak prop” matches “OAK PROPERTIES RENT”."
        error={errors.contains}
        onChange={(e) => setContains(e.target.value)}
      />
      <SelectField
        label="Category"
        value={categoryId}
        error={errors.categoryId}
        onChange={(e) => setCategoryId(e.target.value)}
      >
        <option value="">Choose a category</option>
        {(['expense', 'income'] as const).map((type) => (
          <optgroup key={type} label={type === 'expense' ? 'Expense' : 'Income'}>
            {categories
              .filter((c) => c.type === type)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.icon} {c.name}
                </option>
              ))}
          </optgroup>
        ))}
      </SelectField>

      <section aria-labelledby="rule-preview-title" aria-live="polite" className="space-y-2">
        <h3 id="rule-preview-title" className="text-sm font-semibold">
          Past transactions
        </h3>
        {!checked.success && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Enter the text and a category to see which past transactions the rule matches.
          </p>
        )}
        {preview.isError && checked.success && (
          <p className="text-sm text-red-700 dark:text-red-300">Failed to preview the rule</p>
        )}
        {matches && target && (
          <p className="text-sm" data-testid="rule-preview-count">
            {matches.total === 0
              ? `No past transaction would change: none with this text is outside ${target.name}.`
              : `${plural(matches.total, 'past transaction')} ${matches.total === 1 ? 'matches' : 'match'} and would move to ${target.name}.`}
          </p>
        )}
        {matches && matches.rows.length > 0 && (
          <ul className="max-h-56 divide-y divide-slate-200 overflow-y-auto rounded-xl border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700">
            {matches.rows.map((r) => (
              <li key={r.id} className="flex items-start justify-between gap-3 px-3 py-2">
                <span className="min-w-0">
                  <span className="block break-words">{r.description ?? '—'}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {formatDate(r.date)} · now {r.category.icon} {r.category.name}
                  </span>
                </span>
                <span className="whitespace-nowrap tabular-nums">{`${r.amount > 0 ? '+' : '-'}${money(Math.abs(r.amount))}`}</span>
              </li>
            ))}
          </ul>
        )}
        {matches && matches.total > matches.rows.length && (
          <p className="text-xs text-slate-600 dark:text-slate-400">{`The newest ${matches.rows.length} are shown.`}</p>
        )}
      </section>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant={matches?.total ? 'secondary' : 'primary'} disabled={busy}>
          Save rule
        </Button>
        {matches !== undefined && matches.total > 0 && (
          <Button type="button" disabled={busy} onClick={() => save(true)}>
            {`Save and apply to ${plural(matches.total, 'transaction')}`}
          </Button>
        )}
      </div>
    </form>
  );
}
