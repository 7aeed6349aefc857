import { useId, useRef, useState } from 'react';
import { TAG_LIMITS, type Tag, type TagRef } from '@ledgerly/shared';
import { inputClass } from '../../../components/ui/field';
import { TagChip } from './tag-chip';

export interface TagPickerProps {
  label: string;
  /** Every tag of the user (archived ones are not offered, but stay shown when chosen). */
  tags: readonly Tag[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** At most this many may be chosen (10 on a transaction). */
  max?: number;
  error?: string | undefined;
  /** Known tags of the row that `tags` may not have loaded yet. */
  known?: readonly TagRef[];
  className?: string;
}

/**
 * Chooses tags with type-ahead: an ARIA 1.2 combobox (a text input that filters a listbox of
 * the tags not chosen yet; arrows move, Enter picks, Escape closes, Backspace on an empty input
 * removes the last chip). The chosen tags show as chips with a remove button each.
 */
export function TagPicker({
  label,
  tags,
  value,
  onChange,
  max = TAG_LIMITS.perTransaction,
  error,
  known = [],
  className = '',
}: TagPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const byId = new Map<string, TagRef>([
    ...known.map((t) => [t.id, t] as const),
    ...tags.map((t) => [t.id, t] as const),
  ]);
  const chosen = value.map((v) => byId.get(v)).filter((t): t is TagRef => !!t);
  const full = value.length >= max;
  const needle = text.trim().toLowerCase();
  const options = full
    ? []
    : tags.filter((t) => !t.archived && !value.includes(t.id) && t.name.toLowerCase().includes(needle)).slice(0, 50);
  const expanded = open && options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);

  function pick(tag: TagRef) {
    onChange([...value, tag.id]);
    setText('');
    setActive(0);
    inputRef.current?.focus();
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (options.length ? (a + 1) % options.length : 0));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (options.length ? (a - 1 + options.length) % options.length : 0));
    } else if (e.key === 'Enter') {
      if (expanded && options[activeIndex]) {
        e.preventDefault();
        pick(options[activeIndex]);
      }
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      }
    } else if (e.key === 'Backspace' && text === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  }

  const hint = full
    ? `At most ${max} tags`
    : tags.length === 0
      ? 'No tags yet: create them under Categories'
      : undefined;
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {chosen.length > 0 && (
        <ul aria-label={`${label} chosen`} className="mb-2 flex flex-wrap gap-1">
          {chosen.map((t) => (
            <li key={t.id} className="min-w-0">
              <TagChip tag={t} onRemove={() => onChange(value.filter((v) => v !== t.id))} />
            </li>
          ))}
        </ul>
      )}
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? `${listId}-${activeIndex}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        placeholder={full ? '' : 'Type to find a tag'}
        disabled={full && chosen.length === 0}
        className={inputClass}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-56 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-800"
      >
        {options.map((t, i) => (
          <li
            key={t.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === activeIndex}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(t);
            }}
            onMouseEnter={() => setActive(i)}
            className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-800 dark:text-slate-100 ${
              i === activeIndex ? 'bg-indigo-50 dark:bg-slate-700' : ''
            }`}
          >
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: t.color }} />
            {t.name}
          </li>
        ))}
      </ul>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
