/*
 * Bank noise in statement text. SEPA remittance lines carry their fields inline, tagged
 * "EREF: … IBAN: … BIC: …" (or "EREF+…", the German DFÜ form): the reference numbers and the
 * other party's bank details are noise in a ledger, the purpose (SVWZ, or untagged text) is the
 * note. docs/import-parsing.md, "Bank text".
 */

/** Tags whose value is dropped (references, mandate, creditor id, bank details, purpose code). */
const NOISE = new Set(['EREF', 'MREF', 'CRED', 'KREF', 'IBAN', 'BIC', 'PURP', 'ABWA', 'ABWE', 'DEBT', 'COAM', 'OAMT']);
/** Tags whose value is the text itself. */
const KEEP = new Set(['SVWZ']);

// One fixed alternation followed by optional spaces and one mark: a single pass, no backtracking
// that grows with the input.
const TAG = /\b(EREF|MREF|CRED|KREF|IBAN|BIC|PURP|ABWA|ABWE|DEBT|COAM|OAMT|SVWZ)\s?[:+]/g;

/** The remittance text without its tagged reference fields; untagged and SVWZ text kept, spaces collapsed. */
export function cleanRemittance(text: string): string {
  const kept: string[] = [];
  let tag: string | null = null;
  let from = 0;
  for (const m of text.matchAll(TAG)) {
    const value = text.slice(from, m.index);
    if (tag === null || KEEP.has(tag) || !NOISE.has(tag)) kept.push(value);
    tag = m[1]!;
    from = m.index + m[0].length;
  }
  const last = text.slice(from);
  if (tag === null || KEEP.has(tag)) kept.push(last);
  return kept.join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * The description of a posting from its other party and its note, without saying the party twice:
 * "OAK PROPERTIES" + "OAK PROPERTIES RENT" is "OAK PROPERTIES RENT", not both.
 */
export function payeeAndNote(party: string | undefined, note: string | undefined): string {
  const p = party?.trim() ?? '';
  const n = note?.trim() ?? '';
  if (!p) return n;
  if (!n) return p;
  const lp = p.toLowerCase();
  const ln = n.toLowerCase();
  if (ln.includes(lp)) return n;
  if (lp.includes(ln)) return p;
  return `${p} ${n}`;
}
