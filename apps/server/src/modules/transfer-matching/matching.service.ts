import type { LinkedTransfer, MarkTransferResult, MatchResult, TransferSuggestion } from '@ledgerly/shared';
import { ACCOUNT_MSG, SPLIT_MSG } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationError } from '../../errors.js';
import type { ReceiptUrlSigner } from '../../receipts/receipt-urls.js';
import { findTransaction, linkPair, linkPairs, linkStagedPairs } from '../ledger/index.js';
import { presentTransaction } from '../transactions/index.js';
import * as repo from './matching.repository.js';

export interface MatchingDeps {
  db: Db;
  sign: ReceiptUrlSigner;
}

/** Most possible transfers one answer lists. */
const SUGGESTIONS_LIMIT = 200;
/** Matching links in rounds: a link can leave another leg with a single best candidate. */
const ROUNDS = 5;

/**
 * Runs transfer matching for the user: links every pair that is the unique best candidate of both
 * its legs (no other candidate of either leg scores as well), round after round while links are
 * made; the candidates left are possible transfers. Answers {linked, suggested}. After an import
 * (`{ batchId }`) only the pairs with a leg in the import are linked and counted, so the work
 * follows the import's size, not the user's history; on demand, every pair of the user. With
 * `{ staged: true }` (an import's commit) the import's rows are still staged: those linked go
 * into the ledger as transfer legs, the caller puts the rest in (`insertStaged`).
 */
export async function match(db: Db, userId: string, focus: repo.MatchFocus = { all: true }): Promise<MatchResult> {
  let linked = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const all = await repo.candidates(db, userId, focus);
    const unique = all.filter((c) => c.outRivals === 1 && c.inRivals === 1);
    if (!unique.length) return { linked, suggested: all.length };
    // Staged rows (an import's, not yet in the ledger) go in as transfer legs when linked.
    const done = await ('staged' in focus ? linkStagedPairs : linkPairs)(
      db,
      userId,
      unique.map((c) => ({ outId: c.outId, inId: c.inId })),
      true,
    );
    linked += done.length;
    // Linking only takes rows out, so the next round's candidates are among this round's: when
    // every one of them lost a leg to a link, there are none left to look for.
    const gone = new Set(done.flatMap((l) => [l.outId, l.inId]));
    if (all.every((c) => gone.has(c.outId) || gone.has(c.inId))) return { linked, suggested: 0 };
  }
  return { linked, suggested: (await repo.candidates(db, userId, focus)).length };
}

async function present(deps: MatchingDeps, userId: string, id: string) {
  const row = await findTransaction(deps.db, userId, id);
  if (!row) throw notFound('Transaction');
  return presentTransaction(row, row.category?.id ? row.category : null, deps.sign);
}

export async function suggestions(deps: MatchingDeps, userId: string): Promise<TransferSuggestion[]> {
  const all = (await repo.candidates(deps.db, userId)).slice(0, SUGGESTIONS_LIMIT);
  const out: TransferSuggestion[] = [];
  for (const c of all) {
    out.push({
      outTransactionId: c.outId,
      inTransactionId: c.inId,
      outTransaction: await present(deps, userId, c.outId),
      inTransaction: await present(deps, userId, c.inId),
      score: c.score,
    });
  }
  return out;
}

/** Checks two rows can be linked: both the user's (404), opposite directions, equal amounts, neither linked (400). */
async function checkPair(db: Db, userId: string, outId: string, inId: string) {
  if (outId === inId) throw validationError(ACCOUNT_MSG.sameDirection, { inTransactionId: ACCOUNT_MSG.sameDirection });
  const found = new Map((await repo.legs(db, userId, [outId, inId])).map((l) => [l.id, l]));
  const out = found.get(outId);
  const inn = found.get(inId);
  if (!out || !inn) throw notFound('Transaction');
  if (out.linked || inn.linked || out.kind !== 'regular' || inn.kind !== 'regular') {
    throw validationError(ACCOUNT_MSG.alreadyLinked, { outTransactionId: ACCOUNT_MSG.alreadyLinked });
  }
  if (out.split || inn.split) {
    const field = out.split ? 'outTransactionId' : 'inTransactionId';
    throw validationError(SPLIT_MSG.notLinked, { [field]: SPLIT_MSG.notLinked });
  }
  if (out.type !== 'expense' || inn.type !== 'income') {
    throw validationError(ACCOUNT_MSG.sameDirection, { inTransactionId: ACCOUNT_MSG.sameDirection });
  }
  if (out.accountId === inn.accountId) {
    throw validationError(ACCOUNT_MSG.sameAccount, { inTransactionId: ACCOUNT_MSG.sameAccount });
  }
  if (out.amountCents !== inn.amountCents || out.currency !== inn.currency) {
    throw validationError(ACCOUNT_MSG.differentAmounts, { inTransactionId: ACCOUNT_MSG.differentAmounts });
  }
  if (out.closed || inn.closed) throw conflict(ACCOUNT_MSG.closed);
  return { out, inn };
}

export async function answerTransfer(deps: MatchingDeps, userId: string, id: string): Promise<LinkedTransfer> {
  const transfer = await repo.findTransfer(deps.db, userId, id);
  if (!transfer) throw notFound('Transfer');
  const outTransaction = await present(deps, userId, transfer.outId);
  const inTransaction = await present(deps, userId, transfer.inId);
  return {
    id: transfer.id,
    fromAccountId: outTransaction.accountId,
    toAccountId: inTransaction.accountId,
    amount: outTransaction.amount,
    toAmount: inTransaction.amount,
    date: outTransaction.date,
    description: outTransaction.description,
    outTransaction,
    inTransaction,
  };
}

/** POST /transfers/link: the user links two rows (any dates) into a transfer. */
export async function link(deps: MatchingDeps, userId: string, outId: string, inId: string): Promise<LinkedTransfer> {
  await checkPair(deps.db, userId, outId, inId);
  const linked = await deps.db.transaction((tx) => linkPair(tx, userId, outId, inId, false));
  // Changed between the check and the link (linkPairs reads them again under the ledger lock):
  // the check, run again, says how; else they were linked meanwhile.
  if (!linked) await checkPair(deps.db, userId, outId, inId);
  if (!linked) throw validationError(ACCOUNT_MSG.alreadyLinked, { outTransactionId: ACCOUNT_MSG.alreadyLinked });
  return answerTransfer(deps, userId, linked.id);
}

/** POST /transfers/suggestions/reject: the pair is never suggested (nor linked by matching) again. */
export async function reject(db: Db, userId: string, outId: string, inId: string): Promise<void> {
  const found = await repo.legs(db, userId, [outId, inId]);
  if (found.length !== (outId === inId ? 1 : 2)) throw notFound('Transaction');
  await repo.reject(db, userId, outId, inId);
}

/**
 * POST /transactions/bulk/mark-transfer: pairs each selected row with its unique best partner —
 * among the selected rows when one of them is a candidate, else among all the user's rows — and
 * links those pairs; a row without a unique best partner (or whose partner is claimed twice) is
 * answered unmatched.
 */
export async function markTransfers(db: Db, userId: string, ids: string[]): Promise<MarkTransferResult> {
  const selected = new Set(ids);
  // Another user's row named in the body is a 404, as in a path.
  if ((await repo.legs(db, userId, [...selected])).length !== selected.size) throw notFound('Transaction');
  // The candidates with a leg among the selected rows (and only those).
  const all = await repo.candidates(db, userId, { ids: [...selected] });
  const best = new Map<string, string>();
  for (const id of selected) {
    const mine = all.filter((c) => c.outId === id || c.inId === id);
    const partnerOf = (c: repo.Candidate) => (c.outId === id ? c.inId : c.outId);
    const among = mine.some((c) => selected.has(partnerOf(c))) ? mine.filter((c) => selected.has(partnerOf(c))) : mine;
    const top = Math.max(...among.map((c) => c.score));
    const winners = among.filter((c) => c.score === top);
    if (winners.length === 1) best.set(id, partnerOf(winners[0]!));
  }
  const pairs = new Map<string, repo.Candidate>();
  const claims = new Map<string, number>();
  for (const [id, partner] of best) {
    // A pair of two selected rows needs both to choose each other.
    if (selected.has(partner) && best.get(partner) !== id) continue;
    const c = all.find((x) => (x.outId === id && x.inId === partner) || (x.inId === id && x.outId === partner))!;
    pairs.set(`${c.outId}|${c.inId}`, c);
  }
  for (const c of pairs.values()) for (const leg of [c.outId, c.inId]) claims.set(leg, (claims.get(leg) ?? 0) + 1);
  const chosen = [...pairs.values()].filter((c) => claims.get(c.outId) === 1 && claims.get(c.inId) === 1);
  const linked = await db.transaction((tx) =>
    linkPairs(
      tx,
      userId,
      chosen.map((c) => ({ outId: c.outId, inId: c.inId })),
      false,
    ),
  );
  const done = new Set(linked.flatMap((l) => [l.outId, l.inId]));
  return { linked: linked.length, unmatched: ids.filter((id) => !done.has(id)) };
}
