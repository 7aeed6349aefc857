import { z } from 'zod';
import { ACCOUNT_MSG } from './account.js';
import { LIMITS } from './constants.js';
import { MSG } from './messages.js';
import { toSignedCents } from './money.js';
import { amountCentsSchema, isoDateSchema, transactionInputSchema, transactionSchema } from './transaction.js';
import { TRANSACTION_TYPES } from './constants.js';
import { rateValueSchema } from './rates.js';

/*
 * Transfers and reconciliation (DESIGN §10): a transfer is two rows (one leaving an account, one
 * entering another) written together; a reconciliation checks an account's cleared balance
 * against a bank statement and locks the rows it covered.
 */

export const TRANSFER_MSG = {
  fromAccount: 'Please choose the account the money leaves',
  toAccount: 'Please choose the account the money enters',
  toAmountNeeded: 'The accounts have different currencies: enter the amount that arrives, or the rate',
  rateSame: 'The accounts share a currency: there is no rate to give',
  rateOrAmount: 'Give the amount that arrives or the rate, not both',
  /** A rate that makes the arriving amount larger than any amount can be (MAX_AMOUNT_CENTS). */
  rateTooLarge: 'At this rate the amount that arrives would be above 9,999,999,999.99: check the rate',
  /** Two amounts (or a rate) more than 10 times away from the day's rate (DESIGN §12). */
  absurdRate: (from: string, to: string, given: string, usual: string) =>
    `This means 1 ${from} = ${given} ${to}, more than 10 times away from that day's rate (1 ${from} = ${usual} ${to}): check the amounts and the rate`,
  toAmountSame: 'The accounts share a currency: the amount that arrives is the amount that leaves',
  legType: "A transfer leg's type is its direction: it cannot be changed",
  keep: 'keep must be out or in',
} as const;

export const RECONCILIATION_MSG = {
  statementDate: 'Statement date must be a date (YYYY-MM-DD)',
  statementBalance: 'Statement balance must be an amount',
  finished: 'This reconciliation is already finished: reopen it first',
  notFinished: 'This reconciliation is not finished',
} as const;

const optionalUuid = (message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: message }).nullish());

/** POST and PUT /transfers; `today` is the user's today (no transfer dated after it). */
export const transferInputSchema = (today: string) =>
  z.object({
    fromAccountId: z.uuid({ error: TRANSFER_MSG.fromAccount }),
    toAccountId: z.uuid({ error: TRANSFER_MSG.toAccount }),
    amount: amountCentsSchema,
    /** The amount entering the destination, only when its currency differs. */
    toAmount: z
      .preprocess((v) => (v === '' ? undefined : v), amountCentsSchema.nullish())
      .describe('Between two currencies: the amount that arrives, in the destination account currency'),
    /**
     * Or, instead of `toAmount`, the rate: units of the destination's currency per one unit of
     * the source's (a number or a decimal string, more than zero, at most 12 decimals).
     */
    rate: z
      .preprocess((v) => (v === '' || v === null ? undefined : v), rateValueSchema.optional())
      .describe(
        'Instead of toAmount, between two currencies: units of the destination currency per one unit of the source currency (a number or a decimal string, more than zero, at most 12 decimals)',
      ),
    date: isoDateSchema(MSG.selectDate).refine((d) => d <= today, MSG.dateInFuture),
    description: z
      .string({ error: MSG.descriptionMax })
      .trim()
      .max(LIMITS.descriptionMax, MSG.descriptionMax)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** Only on a transfer leaving the budget (on-budget → off-budget): counts it as spending. */
    categoryId: optionalUuid(MSG.selectCategory),
  });
export type TransferInput = z.output<ReturnType<typeof transferInputSchema>>;

export const transferSchema = z.object({
  id: z.string(),
  fromAccountId: z.string(),
  toAccountId: z.string(),
  amount: z.number(),
  toAmount: z.number(),
  /**
   * Between two currencies: units of the destination's currency per one unit of the source's,
   * as given or as the two amounts imply it (an exact decimal string); null within one currency.
   */
  rate: z.string().nullable(),
  date: z.string(),
  description: z.string().nullable(),
  outTransaction: transactionSchema,
  inTransaction: transactionSchema,
});
export type Transfer = z.output<typeof transferSchema>;

/** DELETE /transfers/{id}?keep=out|in&categoryId=… unlinks instead of deleting both legs. */
export const transferDeleteQuerySchema = z.object({
  keep: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['out', 'in'], { error: TRANSFER_MSG.keep }).optional()),
  categoryId: optionalUuid(MSG.selectCategory),
});

/**
 * PUT /transactions/{id} on a transfer leg: the form's fields, with the category optional (only
 * a leg leaving the budget has one) and the type, the leg's direction, optional.
 */
export const transferLegInputSchema = (today: string) =>
  transactionInputSchema(today).extend({
    categoryId: optionalUuid(MSG.selectCategory),
    type: z.enum(TRANSACTION_TYPES, { error: 'Type must be expense or income' }).optional(),
  });

export const transactionStatusInputSchema = z.object({
  status: z.enum(['uncleared', 'cleared'], { error: 'Status must be uncleared or cleared' }),
});

export const reconciliationInputSchema = (today: string) =>
  z.object({
    statementDate: isoDateSchema(RECONCILIATION_MSG.statementDate).refine(
      (d) => d <= today,
      ACCOUNT_MSG.futureStatement,
    ),
    statementBalance: z.unknown().transform((value, ctx) => {
      const cents = toSignedCents(value);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: RECONCILIATION_MSG.statementBalance });
        return z.NEVER;
      }
      return cents;
    }),
  });

export const reconciliationFinishSchema = z.object({
  adjust: z.boolean({ error: 'adjust must be true or false' }).optional(),
});

export const reconciliationSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  statementDate: z.string(),
  statementBalance: z.number(),
  state: z.enum(['open', 'done', 'broken']),
  /** The cleared balance as of the statement date, now. */
  cleared: z.number(),
  /** statementBalance − cleared. */
  difference: z.number(),
  adjustmentTransactionId: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Reconciliation = z.output<typeof reconciliationSchema>;
