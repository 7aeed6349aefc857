import { createHash } from 'node:crypto';
import { IMPORT_MSG, MAX_AMOUNT_CENTS, addDays } from '@ledgerly/shared';
import type { ImportFormat } from '@ledgerly/shared';
import { restoreFormula } from '../../lib/spreadsheet-text.js';
import type { ParsedPosting } from './parse/index.js';
import type { NewImportRow } from './imports.repository.js';

/** Text as compared for duplicates: trimmed, inner spaces collapsed, lower case. */
export const normaliseText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The description a posting's transaction gets (at most 255 characters, as the ledger stores it). */
export const ledgerText = (p: { description: string; payee?: string | null | undefined }) =>
  (p.description.trim() || p.payee?.trim() || '').slice(0, 255);

/**
 * The postings of a CSV with the text cells as they were before a spreadsheet-safe export (ours,
 * or any that marks text with a leading apostrophe) defused them: `'=SUM(A1)` reads `=SUM(A1)`,
 * so the CSV export re-imports as the very transactions it was written from. Other formats as read.
 */
export function withSpreadsheetText(parsed: { format: ImportFormat; postings: ParsedPosting[] }): ParsedPosting[] {
  if (parsed.format !== 'csv') return parsed.postings;
  return parsed.postings.map((p) => {
    const out: ParsedPosting = { ...p, description: restoreFormula(p.description) };
    if (p.payee !== undefined) out.payee = restoreFormula(p.payee);
    if (p.category !== undefined) out.category = restoreFormula(p.category);
    if (p.tags) out.tags = p.tags.map(restoreFormula);
    if (p.lines)
      out.lines = p.lines.map((l) => ({
        ...l,
        category: restoreFormula(l.category),
        ...(l.note !== undefined ? { note: restoreFormula(l.note) } : {}),
      }));
    return out;
  });
}

const hash = (parts: string[]) => createHash('sha256').update(parts.join('\u001f')).digest('base64url').slice(0, 32);

/**
 * Turns parsed postings into preview rows: error rows with their reason, and a dedupe key for
 * every readable one — the bank id when the file has one, else a fingerprint of statement
 * account, date, amount, normalised text and the occurrence number among identical rows of
 * the file (so two real identical payments on one day are two rows, both imported).
 */
export function toRows(postings: ParsedPosting[], today: string): NewImportRow[] {
  const seen = new Map<string, number>();
  return postings.map((p, i) => {
    const row: NewImportRow = {
      idx: i,
      date: p.date,
      amountCents: p.amountCents,
      description: p.description,
      payee: p.payee ?? null,
      account: p.account ?? null,
      externalId: p.externalId ?? null,
      dedupeKey: null,
      status: 'new',
      message: null,
      categoryId: null,
      suggestedBy: null,
      matchId: null,
      linkedId: null,
      fileCategory: p.category?.trim() || null,
      lines: null,
      splitMessage: null,
      tagIds: null,
      transactionId: null,
    };
    const error =
      p.error ??
      (p.date === null
        ? IMPORT_MSG.noDate
        : p.amountCents === null
          ? IMPORT_MSG.noAmount
          : p.date > today
            ? IMPORT_MSG.futureDate
            : p.amountCents === 0
              ? IMPORT_MSG.zeroAmount
              : Math.abs(p.amountCents) > MAX_AMOUNT_CENTS
                ? IMPORT_MSG.tooBig
                : null);
    if (error) return { ...row, status: 'error', message: error };
    const account = p.account ?? '';
    if (p.externalId) {
      row.dedupeKey = `id:${hash([account, p.externalId])}`;
    } else {
      const base = [account, p.date!, String(p.amountCents), normaliseText(`${p.payee ?? ''} ${p.description}`)];
      const key = base.join('\u001f');
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      row.dedupeKey = `fp:${hash([...base, String(n)])}`;
    }
    return row;
  });
}

interface Ledger {
  id: string;
  date: string;
  type: 'income' | 'expense';
  amountCents: number;
  description: string | null;
}

const typeOf = (cents: number): 'income' | 'expense' => (cents > 0 ? 'income' : 'expense');

/**
 * Marks duplicates and near matches against what the user already has:
 * - `duplicate` when the row's key was imported before, or when the ledger already holds as
 *   many transactions with the same date, amount and text as this row's occurrence number
 *   (so a re-imported CSV export adds nothing, yet a second real payment still imports);
 * - `possible-duplicate` when a transaction of the same amount lies within `days` days; the
 *   nearest one (the earlier on a tie) is the row's `matchId`, offered as "Same as …".
 */
export function markDuplicates(rows: NewImportRow[], imported: Set<string>, ledger: Ledger[], days: number): void {
  const exact = new Map<string, number>();
  const near = new Map<string, { id: string; date: string }[]>();
  for (const t of ledger) {
    const k = [t.date, t.type, t.amountCents, normaliseText(t.description ?? '')].join('\u001f');
    exact.set(k, (exact.get(k) ?? 0) + 1);
    const n = `${t.type}\u001f${t.amountCents}`;
    const list = near.get(n) ?? [];
    list.push({ id: t.id, date: t.date });
    near.set(n, list);
  }
  const occurrence = new Map<string, number>();
  for (const row of rows) {
    if (row.status === 'error' || row.dedupeKey === null) continue;
    const cents = row.amountCents!;
    const type = typeOf(cents);
    const date = row.date!;
    // The occurrence number counts every identical row of the file, known or not.
    const k = [date, type, Math.abs(cents), normaliseText(ledgerText(row))].join('\u001f');
    const n = (occurrence.get(k) ?? 0) + 1;
    occurrence.set(k, n);
    if (imported.has(row.dedupeKey)) {
      row.status = 'duplicate';
      row.message = IMPORT_MSG.duplicate;
      continue;
    }
    if (!row.externalId && n <= (exact.get(k) ?? 0)) {
      row.status = 'duplicate';
      row.message = IMPORT_MSG.duplicateLedger;
      continue;
    }
    const candidates = near.get(`${type}\u001f${Math.abs(cents)}`);
    if (candidates) {
      const lo = addDays(date, -days);
      const hi = addDays(date, days);
      const distance = (d: string) => Math.abs(Date.parse(d) - Date.parse(date));
      const match = candidates
        .filter((c) => c.date >= lo && c.date <= hi)
        .sort(
          (a, b) => distance(a.date) - distance(b.date) || a.date.localeCompare(b.date) || a.id.localeCompare(b.id),
        )[0];
      if (match) {
        row.status = 'possible-duplicate';
        row.message = IMPORT_MSG.possibleDuplicate(match.date);
        row.matchId = match.id;
      }
    }
  }
}
