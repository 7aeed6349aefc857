import type { TagRef } from '@ledgerly/shared';

/** A tag as a small pill: its colour as a dot, its name as text (the colour is never the only cue). */
export function TagChip({ tag, onRemove }: { tag: TagRef; onRemove?: () => void }) {
  return (
    <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-slate-300 bg-slate-50 px-2 py-0.5 text-xs text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200">
      <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} />
      <span className="truncate">{tag.name}</span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove tag ${tag.name}`}
          className="-mr-1 ml-0.5 rounded-full px-1 leading-none text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
        >
          ×
        </button>
      )}
    </span>
  );
}

/** The tags of a row, in a list (nothing when it has none). */
export function TagChips({ tags }: { tags: readonly TagRef[] }) {
  if (!tags.length) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1">
      {tags.map((t) => (
        <li key={t.id} className="min-w-0">
          <TagChip tag={t} />
        </li>
      ))}
    </ul>
  );
}
