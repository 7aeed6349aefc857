import { fromCents, type TransactionInput } from '@ledgerly/shared';

export interface TransactionPayload {
  values: TransactionInput;
  /** A new receipt image to attach (replaces any stored one). */
  receipt: File | null;
  /** Drop the stored receipt; ignored when a new one is attached. */
  removeReceipt: boolean;
  /** Upload progress 0–100. */
  onProgress?: (percent: number) => void;
}

/** The multipart body of POST /transactions and PUT /transactions/:id. */
export function transactionFormData({ values, receipt, removeReceipt }: TransactionPayload): FormData {
  const form = new FormData();
  // A split row sends its lines (as JSON text, amounts in major units) instead of a category;
  // a category without lines makes a split row unsplit again (DESIGN §11).
  if (values.lines?.length) {
    const lines = values.lines.map((l) => ({ ...l, amount: fromCents(l.amount).toFixed(2) }));
    form.set('lines', JSON.stringify(lines));
  } else form.set('categoryId', values.categoryId ?? '');
  form.set('type', values.type);
  form.set('amount', fromCents(values.amount).toFixed(2));
  form.set('description', values.description ?? '');
  form.set('date', values.date);
  // Absent: the user's default account (new rows) or the row's own account (edits).
  if (values.accountId) form.set('accountId', values.accountId);
  // The row's tags as a JSON string (multipart); absent keeps the stored ones.
  if (values.tagIds) form.set('tagIds', JSON.stringify(values.tagIds));
  if (receipt) form.set('receipt', receipt);
  else if (removeReceipt) form.set('removeReceipt', 'true');
  return form;
}
