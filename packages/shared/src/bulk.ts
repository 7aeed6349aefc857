import { z } from 'zod';
import { transactionFilterSchema } from './transaction.js';

/*
 * Bulk edit of the transactions list (issue 25 item 4): a set of rows, named by their ids or by
 * the list's filter ("Select all N matching"), and one action applied to all of them.
 */

export const BULK_ACTIONS = ['category', 'delete', 'cleared', 'addTag', 'removeTag'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** At most this many ids in one request; more rows are named by the filter. */
export const BULK_MAX_IDS = 5000;

export const BULK_MSG = {
  action: 'Action must be category, delete, cleared, addTag or removeTag',
  selection: 'Name the transactions: either ids or a filter',
  ids: `Give between 1 and ${BULK_MAX_IDS} transaction ids`,
  id: 'Each id must be a transaction id',
  categoryNeeded: 'Please select a category',
  tagNeeded: 'Please select a tag',
} as const;

export const bulkRequestSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: BULK_MSG.id }), { error: BULK_MSG.ids })
      .min(1, BULK_MSG.ids)
      .max(BULK_MAX_IDS, BULK_MSG.ids)
      .optional(),
    /** The list's filters (as GET /transactions takes them); every matching row. */
    filter: transactionFilterSchema.optional(),
    action: z.enum(BULK_ACTIONS, { error: BULK_MSG.action }),
    /** For `category`: the category to put the rows in. */
    categoryId: z.uuid({ error: BULK_MSG.categoryNeeded }).optional(),
    /** For `addTag` and `removeTag`: the tag to add to or remove from the rows. */
    tagId: z.uuid({ error: BULK_MSG.tagNeeded }).optional(),
  })
  .refine((b) => (b.ids ? 1 : 0) + (b.filter ? 1 : 0) === 1, { path: ['ids'], message: BULK_MSG.selection })
  .refine((b) => b.action !== 'category' || !!b.categoryId, { path: ['categoryId'], message: BULK_MSG.categoryNeeded })
  .refine((b) => (b.action !== 'addTag' && b.action !== 'removeTag') || !!b.tagId, {
    path: ['tagId'],
    message: BULK_MSG.tagNeeded,
  });
export type BulkRequest = z.output<typeof bulkRequestSchema>;

/**
 * What a bulk action did: `matched` rows were named, `changed` of them now have the change, and
 * `skipped` could not take it (a row of another type for a category, a transfer leg, a reconciled
 * row for delete, a row of a closed account, a row that has 10 tags already for addTag); `alsoDeleted` counts the other legs of deleted transfers.
 */
export const bulkResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  matched: z.number().int(),
  changed: z.number().int(),
  skipped: z.number().int(),
  alsoDeleted: z.number().int(),
});
export type BulkResult = z.output<typeof bulkResultSchema>;
