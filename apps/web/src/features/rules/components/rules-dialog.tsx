import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportRule } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/error-message';
import { invalidateAfter } from '../../../lib/query-keys';
import { useCategories } from '../../categories/api/get-categories';
import { plural } from '../../imports/lib/row-text';
import { applyRule } from '../api/apply-rule';
import { deleteRule } from '../api/delete-rule';
import { ruleKeys, useRules } from '../api/get-rules';
import { orderRules } from '../api/order-rules';
import { saveRule } from '../api/save-rule';
import { RuleEditor, type RuleBody, type RuleDraft } from './rule-editor';

export interface RulesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Opens straight on a new rule with these values ("Always put payees like this in …"). */
  initial?: { contains: string; categoryId: string } | null;
  onDone: (message: string) => void;
}

/**
 * The rules: list in the order they are tried, move up and down, edit, delete, and add — each
 * with a preview of the past transactions it matches and the choice to apply it to them.
 */
export function RulesDialog({ open, onClose, initial, onDone }: RulesDialogProps) {
  const queryClient = useQueryClient();
  const rules = useRules(open);
  const categories = useCategories();
  const [draft, setDraft] = useState<RuleDraft | null>(null);
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Each opening with a prefill starts on the editor; a plain opening on the list.
  if (open !== opened) {
    setOpened(open);
    setDraft(open && initial ? { id: null, ...initial } : null);
    setError(null);
  }

  const list = rules.data ?? [];
  const byId = new Map((categories.data ?? []).map((c) => [c.id, c] as const));

  async function act(fn: () => Promise<void>, fallback: string) {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(errorMessage(e, fallback));
    } finally {
      setBusy(false);
    }
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: ruleKeys.all });

  const save = (input: RuleBody, apply: boolean) =>
    act(async () => {
      const saved = await saveRule(draft?.id ?? null, input);
      let message = draft?.id ? 'Rule saved' : 'Rule added';
      if (apply) {
        const { updated } = await applyRule(saved.id);
        await invalidateAfter(queryClient, 'transactions');
        message = `${message}; ${plural(updated, 'transaction')} moved to ${byId.get(saved.categoryId)?.name ?? 'its category'}`;
      }
      await refresh();
      // Opened from a transaction for this one rule: done. From the list: back to the list.
      if (initial && !draft?.id) onClose();
      else setDraft(null);
      onDone(message);
    }, 'Failed to save the rule');

  const move = (rule: ImportRule, by: -1 | 1) =>
    act(async () => {
      const at = list.findIndex((r) => r.id === rule.id);
      const other = list[at + by];
      if (at < 0 || !other) return;
      const ids = list.map((r) => (r.id === rule.id ? other.id : r.id === other.id ? rule.id : r.id));
      queryClient.setQueryData(ruleKeys.all, await orderRules(ids));
    }, 'Failed to reorder the rules');

  const remove = (rule: ImportRule) =>
    act(async () => {
      await deleteRule(rule.id);
      await refresh();
    }, 'Failed to delete the rule');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={draft ? (draft.id ? 'Edit rule' : 'New rule') : 'Rules'}
      size="lg"
      busy={busy}
    >
      <div className="space-y-4">
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        )}
        {draft ? (
          <RuleEditor
            key={draft.id ?? 'new'}
            draft={draft}
            categories={categories.data ?? []}
            busy={busy}
            onCancel={() => (initial && !draft.id ? onClose() : setDraft(null))}
            onSave={(input, apply) => void save(input, apply)}
          />
        ) : (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              An imported row whose payee or description contains a rule’s text gets the rule’s category. Rules are
              tried from the top; the first that matches wins.
            </p>
            {rules.isError && <p className="text-sm text-red-700 dark:text-red-300">Failed to load rules</p>}
            {!rules.isPending && list.length === 0 && (
              <p className="text-sm text-slate-600 dark:text-slate-400">No rules yet.</p>
            )}
            {list.length > 0 && (
              <ol
                aria-label="Rules, in the order they are tried"
                className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
              >
                {list.map((rule, i) => {
                  const category = byId.get(rule.categoryId);
                  return (
                    <li key={rule.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                      <span className="min-w-0 break-words">
                        <span className="mr-2 text-slate-500 dark:text-slate-400">{i + 1}.</span>
                        Contains <strong>“{rule.contains}”</strong> →{' '}
                        {category ? `${category.icon} ${category.name}` : 'a deleted category'}
                        {rule.split?.length ? ` · split in ${rule.split.length}` : ''}
                        {rule.tagIds.length
                          ? ` · ${rule.tagIds.length === 1 ? '1 tag' : `${rule.tagIds.length} tags`}`
                          : ''}
                      </span>
                      <span className="flex gap-1">
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={busy || i === 0}
                          onClick={() => void move(rule, -1)}
                          aria-label={`Move rule “${rule.contains}” up`}
                        >
                          ↑
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={busy || i === list.length - 1}
                          onClick={() => void move(rule, 1)}
                          aria-label={`Move rule “${rule.contains}” down`}
                        >
                          ↓
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={busy}
                          onClick={() =>
                            setDraft({
                              id: rule.id,
                              contains: rule.contains,
                              categoryId: rule.categoryId,
                              split: rule.split,
                              tagIds: rule.tagIds,
                            })
                          }
                          aria-label={`Edit rule “${rule.contains}”`}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={busy}
                          onClick={() => void remove(rule)}
                          aria-label={`Delete rule “${rule.contains}”`}
                        >
                          Delete
                        </Button>
                      </span>
                    </li>
                  );
                })}
              </ol>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                Close
              </Button>
              <Button onClick={() => setDraft({ id: null, contains: '', categoryId: '' })} disabled={busy}>
                New rule
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
