import { useState } from 'react';
import type { Category, ImportRule } from '@ledgerly/shared';
import { formatDate, ruleInputSchema } from '@ledgerly/shared';
import { useTags } from '../../tags/api/tags';
import { TagPicker } from '../../tags/components/tag-picker';
import { Button } from '../../../components/ui/button';
import { InputField, SelectField } from '../../../components/ui/field';
import { useMoney } from '../../../lib/use-currency';
import { useDebouncedValue } from '../../transactions/use-debounced-value';
import { plural } from '../../imports/lib/row-text';
import { useRulePreview } from '../api/preview-rule';

/** One line of a rule's split as typed: a fixed amount or a percentage of what is left. */
export interface RuleSplitDraft {
  key: number;
  categoryId: string;
  kind: 'amount' | 'percent';
  value: string;
  note: string;
}

export interface RuleDraft {
  id: string | null;
  contains: string;
  categoryId: string;
  split?: ImportRule['split'];
  tagIds?: string[];
}

/** The body the API takes (amounts as typed, in major units). */
export interface RuleBody {
  contains: string;
  categoryId: string;
  split: { categoryId: string; amount?: string; percent?: number; note: string | null }[] | null;
  tagIds: string[];
}

let nextKey = 1;
const splitLine = (over: Partial<RuleSplitDraft> = {}): RuleSplitDraft => ({
  key: nextKey++,
  categoryId: '',
  kind: 'percent',
  value: '',
  note: '',
  ...over,
});

const draftLines = (split: ImportRule['split'] | undefined): RuleSplitDraft[] =>
  (split ?? []).map((l) =>
    splitLine({
      categoryId: l.categoryId,
      kind: l.amount !== null ? 'amount' : 'percent',
      value: l.amount !== null ? l.amount.toFixed(2) : String(l.percent ?? ''),
      note: l.note ?? '',
    }),
  );

export interface RuleEditorProps {
  draft: RuleDraft;
  categories: Category[];
  busy: boolean;
  onCancel: () => void;
  /** `apply`: also give the category to the past transactions the preview lists. */
  onSave: (input: RuleBody, apply: boolean) => void;
}

/**
 * One rule: the text to look for and the category, with a live preview of the past
 * transactions it would move (how many, and the newest of them with their category now).
 */
export function RuleEditor({ draft, categories, busy, onCancel, onSave }: RuleEditorProps) {
  const { money } = useMoney();
  const [contains, setContains] = useState(draft.contains);
  const [categoryId, setCategoryId] = useState(draft.categoryId);
  const [errors, setErrors] = useState<Partial<Record<'contains' | 'categoryId' | 'split' | 'tagIds', string>>>({});
  const [lines, setLines] = useState<RuleSplitDraft[]>(() => draftLines(draft.split));
  const [tagIds, setTagIds] = useState<string[]>(draft.tagIds ?? []);
  const { data: allTags = [] } = useTags();
  const typed = useDebouncedValue(contains, 300);
  const checked = ruleInputSchema.safeParse({ contains: typed, categoryId });
  const preview = useRulePreview(checked.success ? checked.data : null);
  const target = categories.find((c) => c.id === categoryId);
  const matches = checked.success ? preview.data : undefined;

  /** The body as typed: lines with their amount (text) or percentage (number). */
  function body(): RuleBody {
    return {
      contains,
      categoryId,
      split: lines.length
        ? lines.map((l) => ({
            categoryId: l.categoryId,
            ...(l.kind === 'amount' ? { amount: l.value } : { percent: Number(l.value) }),
            note: l.note.trim() || null,
          }))
        : null,
      tagIds,
    };
  }

  function save(apply: boolean) {
    const input = body();
    const result = ruleInputSchema.safeParse(input);
    if (!result.success) {
      const next: typeof errors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if ((field === 'contains' || field === 'categoryId' || field === 'split' || field === 'tagIds') && !next[field])
          next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    // Sent as typed: the server reads the amounts (the parsed ones are in cents).
    onSave(input, apply);
  }

  const setLine = (key: number, patch: Partial<RuleSplitDraft>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const ofType = categories.filter((c) => !target || c.type === target.type);

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

      <fieldset className="min-w-0 space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">Split (optional)</legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Fixed amounts first; the percentages share what is left and add up to 100. A row smaller than the fixed
          amounts imports unsplit with the rule’s category.
        </p>
        {lines.length > 0 && (
          <ol className="space-y-3">
            {lines.map((line, i) => (
              <li
                key={line.key}
                data-testid="rule-split-line"
                className="grid gap-2 border-b border-slate-100 pb-3 last:border-b-0 last:pb-0 sm:grid-cols-2 dark:border-slate-800"
              >
                <SelectField
                  label={`Line ${i + 1} category`}
                  value={line.categoryId}
                  onChange={(e) => setLine(line.key, { categoryId: e.target.value })}
                >
                  <option value="">Choose a category</option>
                  {ofType.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.icon} {c.name}
                    </option>
                  ))}
                </SelectField>
                <div className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-2">
                  <SelectField
                    label={`Line ${i + 1} takes`}
                    value={line.kind}
                    onChange={(e) => setLine(line.key, { kind: e.target.value as RuleSplitDraft['kind'] })}
                  >
                    <option value="percent">Percent</option>
                    <option value="amount">Amount</option>
                  </SelectField>
                  <InputField
                    label={line.kind === 'percent' ? `Line ${i + 1} percent` : `Line ${i + 1} amount`}
                    type="number"
                    inputMode="decimal"
                    min="0.01"
                    step="0.01"
                    value={line.value}
                    onChange={(e) => setLine(line.key, { value: e.target.value })}
                  />
                </div>
                <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 sm:col-span-2">
                  <InputField
                    label={`Line ${i + 1} note (optional)`}
                    maxLength={255}
                    value={line.note}
                    onChange={(e) => setLine(line.key, { note: e.target.value })}
                  />
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove line ${i + 1}`}
                    onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              setLines((all) => (all.length ? [...all, splitLine()] : [splitLine({ categoryId }), splitLine()]))
            }
          >
            {lines.length ? 'Add line' : 'Split'}
          </Button>
          {lines.length > 0 && (
            <Button variant="secondary" size="sm" onClick={() => setLines([])}>
              No split
            </Button>
          )}
        </div>
        {errors.split && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors.split}
          </p>
        )}
      </fieldset>
      <TagPicker
        label="Tags to add (optional)"
        tags={allTags}
        value={tagIds}
        onChange={setTagIds}
        error={errors.tagIds}
      />

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
