import { z } from 'zod';
import { transactionSchema } from './transaction.js';

/*
 * Imports into accounts and transfer matching (DESIGN §10 "Transfer matching", "Matching score").
 */

export const MATCH_MSG = {
  chooseAccount: 'Choose the account this statement goes into before importing it',
  chooseStatementAccount:
    "This file holds statements of several accounts: choose which account's rows to import (import the file again for the others)",
  idRequired: 'Choose the two transactions to link',
  idsRequired: 'Select at least one transaction',
  tooMany: 'Select at most 500 transactions at once',
  notCandidate: 'These two transactions are not a possible transfer',
} as const;

/** Most days between the two legs of a matched transfer. */
export const MATCH_WINDOW_DAYS = 4;

const id = z.uuid({ error: MATCH_MSG.idRequired });

export const transferPairSchema = z.object({ outTransactionId: id, inTransactionId: id });
export type TransferPair = z.output<typeof transferPairSchema>;

export const transferSuggestionSchema = z.object({
  outTransactionId: z.string(),
  inTransactionId: z.string(),
  outTransaction: transactionSchema,
  inTransaction: transactionSchema,
  /** Higher is better: 10 per day closer than 4 days apart, plus 1 per description hint. */
  score: z.number(),
});
export type TransferSuggestion = z.output<typeof transferSuggestionSchema>;

export const linkedTransferSchema = z.object({
  id: z.string(),
  fromAccountId: z.string(),
  toAccountId: z.string(),
  amount: z.number(),
  toAmount: z.number(),
  date: z.string(),
  description: z.string().nullable(),
  outTransaction: transactionSchema,
  inTransaction: transactionSchema,
});
export type LinkedTransfer = z.output<typeof linkedTransferSchema>;

export const matchResultSchema = z.object({ linked: z.number().int(), suggested: z.number().int() });
export type MatchResult = z.output<typeof matchResultSchema>;

export const markTransferSchema = z.object({
  ids: z
    .array(z.uuid({ error: MATCH_MSG.idsRequired }), { error: MATCH_MSG.idsRequired })
    .min(1, MATCH_MSG.idsRequired)
    .max(500, MATCH_MSG.tooMany),
});
export const markTransferResultSchema = z.object({ linked: z.number().int(), unmatched: z.array(z.string()) });
export type MarkTransferResult = z.output<typeof markTransferResultSchema>;
