import { z } from 'zod';
import { MSG, transactionInputSchema, unsplitTransactionInputSchema, type Category } from '@ledgerly/shared';

/**
 * The shared server schema plus the one rule that needs the category list: a category of the
 * other type gets the spec's mismatch message on the category field. A split row (DESIGN §11)
 * has no category: its lines are checked by the form itself (split-lines-editor.tsx).
 */
export const transactionFormSchema = (
  today: string,
  categories: readonly Pick<Category, 'id' | 'type'>[],
  split = false,
) => {
  const fields = split
    ? (transactionInputSchema(today) as unknown as ReturnType<typeof unsplitTransactionInputSchema>)
    : unsplitTransactionInputSchema(today);
  return fields.superRefine((value, ctx) => {
    const category = categories.find((c) => c.id === value.categoryId);
    if (category && category.type !== value.type) {
      ctx.addIssue({
        code: 'custom',
        path: ['categoryId'],
        message: MSG.categoryTypeMismatch(category.type, value.type),
      });
    }
  });
};

export type TransactionFormValues = z.input<ReturnType<typeof transactionFormSchema>>;
