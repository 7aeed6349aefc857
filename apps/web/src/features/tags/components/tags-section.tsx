import { useState } from 'react';
import { DEFAULT_TAG_COLOR, TAG_LIMITS, type Tag, firstOfMonth, firstOfYear } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { FlashBanners, useFlash } from '../../../components/ui/banner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { InputField } from '../../../components/ui/field';
import { Segmented } from '../../../components/ui/segmented';
import { Spinner } from '../../../components/ui/spinner';
import { useMoney, useToday } from '../../../lib/use-currency';
import { useCreateTag, useDeleteTag, useTagTotals, useTags, useUpdateTag } from '../api/tags';

const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** One tag's row: name and colour edited in place, archive or restore, delete (with a confirmation). */
function TagRow({
  tag,
  onDelete,
  flash,
}: {
  tag: Tag;
  onDelete: (t: Tag) => void;
  flash: ReturnType<typeof useFlash>;
}) {
  const update = useUpdateTag();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(tag.name);
  const [color, setColor] = useState(tag.color);
  const save = async () => {
    const ok = await flash.run(
      () => update.mutateAsync({ id: tag.id, name, color }),
      'Tag updated successfully!',
      'Failed to update tag',
    );
    if (ok) setEditing(false);
  };
  if (editing) {
    return (
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <InputField
          label="Tag name"
          value={name}
          maxLength={TAG_LIMITS.nameMax}
          onChange={(e) => setName(e.target.value)}
          containerClassName="min-w-0 flex-1"
        />
        <InputField
          label="Colour"
          type="color"
          value={color}
          onChange={(e) => setColor(e.target.value)}
          className="h-9 w-14 p-1"
        />
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800 dark:text-slate-100">
        {tag.name}
        {tag.archived && (
          <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">(archived)</span>
        )}
      </span>
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {tag.usage} {tag.usage === 1 ? 'transaction' : 'transactions'}
      </span>
      <Button variant="ghost" size="sm" aria-label={`Edit tag ${tag.name}`} onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`${tag.archived ? 'Restore' : 'Archive'} tag ${tag.name}`}
        onClick={() =>
          void flash.run(
            () => update.mutateAsync({ id: tag.id, archived: !tag.archived }),
            tag.archived ? 'Tag restored' : 'Tag archived',
            'Failed to update tag',
          )
        }
      >
        {tag.archived ? 'Restore' : 'Archive'}
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Delete tag ${tag.name}`} onClick={() => onDelete(tag)}>
        Delete
      </Button>
    </div>
  );
}

type Period = 'month' | 'year' | 'all';

/** "Spending by tag" over a period: each tag's total as a bar, largest first (GET /analytics/tags). */
export function SpendingByTag() {
  const today = useToday();
  const { money } = useMoney();
  const [period, setPeriod] = useState<Period>('month');
  const startDate = period === 'month' ? firstOfMonth(today) : period === 'year' ? firstOfYear(today) : '';
  const totals = useTagTotals({ startDate, endDate: period === 'all' ? '' : today, type: 'expense' });
  const rows = totals.data ?? [];
  const max = Math.max(1, ...rows.map((r) => r.total));
  return (
    <section aria-labelledby="spending-by-tag" className={`${card} space-y-3`}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="spending-by-tag" className="mr-auto text-base font-semibold text-slate-800 dark:text-slate-100">
          Spending by tag
        </h2>
        <Segmented
          label="Period"
          value={period}
          onChange={setPeriod}
          options={[
            { value: 'month', label: 'This Month' },
            { value: 'year', label: 'This Year' },
            { value: 'all', label: 'All Time' },
          ]}
        />
      </div>
      {totals.isPending ? (
        <Spinner label="Loading spending by tag..." />
      ) : totals.isError ? (
        <p className="text-sm text-red-600 dark:text-red-400">Failed to fetch spending by tag</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No tagged expenses in this period.</p>
      ) : (
        <ul className="space-y-2">
          {rows.map((r) => (
            <li key={r.tagId}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="truncate text-slate-800 dark:text-slate-100">{r.name}</span>
                <span className="shrink-0 tabular-nums text-slate-700 dark:text-slate-200">
                  {money(r.total)}{' '}
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    ({r.count} {r.count === 1 ? 'transaction' : 'transactions'})
                  </span>
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
                <div
                  className="h-2 rounded-full"
                  style={{ width: `${(r.total / max) * 100}%`, backgroundColor: r.color }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The Tags section of the Categories tab: create, rename, recolour, archive, delete (docs/tags.md). */
export function TagsSection() {
  const flash = useFlash();
  const tags = useTags();
  const create = useCreateTag();
  const remove = useDeleteTag();
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_TAG_COLOR);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const all = tags.data ?? [];

  const onCreate = async () => {
    const ok = await flash.run(
      () => create.mutateAsync({ name, color }),
      'Tag created successfully!',
      'Failed to create tag',
    );
    if (ok) setName('');
  };

  return (
    <div className="space-y-4">
      <section aria-labelledby="tags-title" className={`${card} space-y-4`}>
        <h2 id="tags-title" className="text-base font-semibold text-slate-800 dark:text-slate-100">
          Tags
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Tags mark transactions across categories (“Wedding”, “Work – claim back”). Up to {TAG_LIMITS.perTransaction}{' '}
          per transaction.
        </p>
        <FlashBanners flash={flash} />
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void onCreate();
          }}
        >
          <InputField
            label="New tag"
            value={name}
            maxLength={TAG_LIMITS.nameMax}
            placeholder="e.g. Wedding"
            onChange={(e) => setName(e.target.value)}
            containerClassName="min-w-0 flex-1"
          />
          <InputField
            label="Colour"
            type="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            className="h-9 w-14 p-1"
          />
          <Button type="submit" disabled={create.isPending}>
            Add Tag
          </Button>
        </form>
        {tags.isPending ? (
          <Spinner label="Loading tags..." />
        ) : all.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No tags yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {all.map((t) => (
              <li key={t.id} className="py-2">
                <TagRow tag={t} onDelete={setDeleting} flash={flash} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <SpendingByTag />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete tag"
        message={
          deleting
            ? `Delete the tag "${deleting.name}"? It is removed from its ${deleting.usage} transactions; they stay.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const tag = deleting;
          if (!tag) return;
          await flash.run(() => remove.mutateAsync(tag.id), 'Tag deleted successfully!', 'Failed to delete tag');
          setDeleting(null);
        }}
      />
    </div>
  );
}
