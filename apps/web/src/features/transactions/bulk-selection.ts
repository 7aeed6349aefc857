import { useCallback, useEffect, useRef, useState } from 'react';
import type { BulkResult } from '@ledgerly/shared';

/** The rows chosen for bulk edit: some loaded rows by id, or every row matching the filter. */
export interface BulkSelection {
  /** Selecting is on (the rows show checkboxes). */
  active: boolean;
  /** Every row matching the filter, loaded or not ("Select all N matching"). */
  all: boolean;
  ids: ReadonlySet<string>;
  setActive: (on: boolean) => void;
  isSelected: (id: string) => boolean;
  /** Ticks or unticks row `index`; with shift, every row from the last one clicked takes the same state. */
  toggle: (index: number, shift: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

/**
 * Bulk-edit selection over the loaded rows (issue 25 item 4). It starts afresh whenever the filter
 * changes (`filterKey`), so "all matching" always means the filter on screen.
 */
export function useBulkSelection(rows: readonly { id: string }[], filterKey: unknown): BulkSelection {
  const [active, setActiveState] = useState(false);
  const [all, setAll] = useState(false);
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<number | null>(null);

  const clear = useCallback(() => {
    setAll(false);
    setIds(new Set());
    anchor.current = null;
  }, []);
  useEffect(clear, [filterKey, clear]);

  const toggle = useCallback(
    (index: number, shift: boolean) => {
      const row = rows[index];
      if (!row) return;
      // Unticking one row of "all matching" keeps the other loaded rows ticked.
      const current = all ? new Set(rows.map((r) => r.id)) : new Set(ids);
      const on = !current.has(row.id);
      const from = shift && anchor.current !== null ? Math.min(anchor.current, index) : index;
      const to = shift && anchor.current !== null ? Math.max(anchor.current, index) : index;
      for (let i = from; i <= to; i++) {
        const id = rows[i]?.id;
        if (!id) continue;
        if (on) current.add(id);
        else current.delete(id);
      }
      anchor.current = index;
      setAll(false);
      setIds(current);
    },
    [rows, all, ids],
  );

  return {
    active,
    all,
    ids,
    setActive: (on) => {
      setActiveState(on);
      if (!on) clear();
    },
    isSelected: (id) => all || ids.has(id),
    toggle,
    selectAllMatching: () => {
      setAll(true);
      setIds(new Set());
    },
    clear,
  };
}

const n = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "12 transactions" */
export const transactionsCount = (count: number) => n(count, 'transaction');

/** The sentence a bulk action's answer gets. */
export function bulkResultMessage(r: BulkResult): string {
  const done =
    r.action === 'delete'
      ? `${transactionsCount(r.changed)} deleted`
      : r.action === 'cleared'
        ? `${transactionsCount(r.changed)} marked cleared`
        : r.action === 'addTag'
          ? `Tag added to ${transactionsCount(r.changed)}`
          : r.action === 'removeTag'
            ? `Tag removed from ${transactionsCount(r.changed)}`
            : `Category set on ${transactionsCount(r.changed)}`;
  const parts = [done];
  if (r.alsoDeleted) parts.push(`with the other ${n(r.alsoDeleted, 'side')} of their transfers`);
  if (r.skipped) {
    const why =
      r.action === 'category'
        ? 'of the other type, transfers or in a closed account'
        : r.action === 'delete'
          ? 'reconciled or in a closed account'
          : r.action === 'addTag'
            ? 'they have 10 tags already'
            : r.action === 'removeTag'
              ? 'they still have the tag'
              : 'in a closed account';
    parts.push(`${r.skipped.toLocaleString('en-US')} skipped (${why})`);
  }
  return parts.join(', ');
}

/** "3 linked, 1 had no matching transaction in another account" */
export function markTransferMessage(linked: number, unmatched: number): string {
  const head = `${linked.toLocaleString('en-US')} linked`;
  if (!unmatched) return head;
  return `${head}, ${unmatched.toLocaleString('en-US')} had no matching transaction in another account`;
}
