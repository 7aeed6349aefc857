import { type BulkResult, bulkRequestSchema } from '@ledgerly/shared';
import { notFound } from '../../errors.js';
import { parse } from '../../lib/validate.js';
import { findCategory } from '../categories/index.js';
import { applyBulk, requireTags } from '../ledger/index.js';
import type { Owner, TransactionDeps } from './transactions.service.js';

/**
 * POST /transactions/bulk: one action (category, delete, cleared, addTag, removeTag) on the rows named by `ids` or
 * by the list's `filter` (issue 25 item 4). Rows that cannot take it are skipped and counted.
 */
export async function bulkEdit(deps: TransactionDeps, owner: Owner, body: unknown): Promise<BulkResult> {
  const request = parse(bulkRequestSchema, body);
  let category: { id: string; type: 'expense' | 'income' } | undefined;
  if (request.action === 'category') {
    // Another user's category named in the body is a 404, as in a path.
    const found = await findCategory(deps.db, owner.id, request.categoryId!);
    if (!found) throw notFound('Category');
    category = { id: found.id, type: found.type };
  }
  // Another user's tag is a 404 too (naming the field).
  if (request.tagId) await requireTags(deps.db, owner.id, [request.tagId], 'tagId');
  const selection = request.ids ? { ids: request.ids } : { filter: request.filter ?? {} };
  const outcome = await applyBulk(deps.db, owner.id, selection, request.action, category, request.tagId);
  for (const key of outcome.receiptKeys) {
    try {
      await deps.receipts.remove(key);
    } catch (error) {
      deps.log.error({ err: error, receiptKey: key }, 'could not delete receipt files');
    }
  }
  return {
    action: request.action,
    matched: outcome.matched,
    changed: outcome.changed,
    skipped: outcome.matched - outcome.changed,
    alsoDeleted: outcome.alsoDeleted,
  };
}
