import { z } from 'zod';
import { ACCOUNT_MSG, LIMITS, MSG, TRANSFER_MSG, amountCentsSchema } from '@ledgerly/shared';

/** The transfer form's fields (DESIGN §10: from, to, amount, date, note; a category only out of the budget). */
export const transferFormSchema = (today: string) =>
  z
    .object({
      fromAccountId: z.string().min(1, TRANSFER_MSG.fromAccount),
      toAccountId: z.string().min(1, TRANSFER_MSG.toAccount),
      amount: amountCentsSchema,
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.selectDate)
        .refine((d) => d <= today, MSG.dateInFuture),
      description: z
        .string()
        .trim()
        .max(LIMITS.descriptionMax, MSG.descriptionMax)
        .transform((v) => (v ? v : null)),
      categoryId: z.string(),
      /** Between two currencies (DESIGN §12): the amount that arrives, or the rate (the server checks either). */
      toAmount: z.string(),
      rate: z.string(),
    })
    .refine((v) => !v.fromAccountId || v.fromAccountId !== v.toAccountId, {
      path: ['toAccountId'],
      message: ACCOUNT_MSG.sameAccount,
    });

export type TransferFormValues = z.input<ReturnType<typeof transferFormSchema>>;
export type TransferFormOutput = z.output<ReturnType<typeof transferFormSchema>>;
