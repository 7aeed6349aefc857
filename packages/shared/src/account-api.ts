import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { netWorthPointSchema } from './account.js';
import { transactionSchema } from './transaction.js';

/*
 * The accounts API's own query and answer shapes (DESIGN §10 API): balance as of a date, the
 * register with running balances, net worth over months, and deleting with a target.
 */

export const ACCOUNT_API_MSG = {
  date: 'Date must be a date (YYYY-MM-DD)',
  months: 'Months must be a whole number from 1 to 120',
  limit: 'Limit must be a whole number from 1 to 200',
  moveTo: 'Choose the account to move the transactions to',
  moveToClosed: 'The account to move the transactions to is closed: reopen it first',
  transfersBetween: (n: number) =>
    `${n} ${n === 1 ? 'transfer or recurring transfer links' : 'transfers or recurring transfers link'} these two accounts: delete ${n === 1 ? 'it' : 'them'}, or move the transactions to another account`,
} as const;

const isoDate = z.string({ error: ACCOUNT_API_MSG.date }).refine(isIsoDate, ACCOUNT_API_MSG.date);

export const accountBalanceQuerySchema = z.object({ date: isoDate.optional() });

export const accountRegisterQuerySchema = z.object({
  limit: z.coerce
    .number({ error: ACCOUNT_API_MSG.limit })
    .int(ACCOUNT_API_MSG.limit)
    .min(1, ACCOUNT_API_MSG.limit)
    .max(200, ACCOUNT_API_MSG.limit)
    .default(50),
  cursor: z.string().optional(),
});

export const registerRowSchema = transactionSchema.extend({
  /** The account's balance just after this row (rows ordered by date, created_at, id). */
  runningBalance: z.number(),
});
export type RegisterRow = z.output<typeof registerRowSchema>;

export const registerPageSchema = z.object({
  data: z.array(registerRowSchema),
  meta: z.object({ total: z.number().int(), nextCursor: z.string().nullable() }),
});
export type RegisterPage = z.output<typeof registerPageSchema>;

export const netWorthQuerySchema = z.object({
  months: z.coerce
    .number({ error: ACCOUNT_API_MSG.months })
    .int(ACCOUNT_API_MSG.months)
    .min(1, ACCOUNT_API_MSG.months)
    .max(120, ACCOUNT_API_MSG.months)
    .default(12),
});

export const netWorthAnswerSchema = z.object({
  data: z.array(netWorthPointSchema),
  meta: z.object({ unconverted: z.array(z.string()) }),
});

export const accountDeleteQuerySchema = z.object({
  moveTo: z.string().optional(),
});

export const accountDeleteResultSchema = z.object({ moved: z.number().int() });
