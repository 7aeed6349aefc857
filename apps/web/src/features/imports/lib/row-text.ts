import type { ImportRow } from '@ledgerly/shared';

/**
 * A row's text as payee and note, saying the payee once: "OAK PROPERTIES" + "OAK PROPERTIES RENT"
 * shows "OAK PROPERTIES" over "RENT", not "OAK PROPERTIES — OAK PROPERTIES RENT".
 */
export function rowText(row: Pick<ImportRow, 'payee' | 'description'>): { payee: string; note: string } {
  const payee = row.payee?.trim() ?? '';
  const description = row.description.trim();
  if (!payee) return { payee: description, note: '' };
  const lp = payee.toLowerCase();
  const ld = description.toLowerCase();
  if (!description || lp.includes(ld)) return { payee, note: '' };
  if (ld.startsWith(lp)) return { payee, note: description.slice(payee.length).replace(/^[\s,;:–—-]+/, '') };
  return { payee, note: description };
}

/** "1 transaction", "2 transactions": counts as the rest of the app writes them. */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
