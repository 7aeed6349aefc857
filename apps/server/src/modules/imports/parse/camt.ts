import { isIsoDate, type ImportOptions } from '@ledgerly/shared';
import { readAmount } from './amount.js';
import { cleanRemittance, payeeAndNote } from './bank-text.js';
import { child, decodeEntities, list, parseXml, textOf, type XmlValue } from './xml.js';
import { ImportFileError, shown, statementCurrency, type ParsedPosting, type ParseResult } from './types.js';

const ARRAYS = new Set(['Stmt', 'Rpt', 'Ntfctn', 'Ntry', 'TxDtls', 'Ustrd', 'Bal']);
const CONTAINERS = [
  ['BkToCstmrStmt', 'Stmt'],
  ['BkToCstmrAcctRpt', 'Rpt'],
  ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'],
] as const;

const text = (node: XmlValue | undefined, ...path: string[]) => {
  const t = textOf(child(node, ...path));
  return t === undefined ? undefined : decodeEntities(t).replace(/\s+/g, ' ');
};

/** The calendar day of an ISODate or ISODateTime, if it is a real day within the API's range. */
const isoDay = (value: string | undefined) => {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '');
  return m && isIsoDate(m[1]!) ? m[1]! : null;
};

/** CAMT.052/053/054: one posting per <Ntry>, whatever its batch details say. */
export function parseCamt(textIn: string, encoding: string, options: ImportOptions): ParseResult {
  const doc = child(parseXml(textIn, ARRAYS), 'Document');
  if (!doc) throw new ImportFileError('NOT_A_STATEMENT', 'This XML file is not a CAMT bank statement.');
  const invert = options.invertSign === true;
  const postings: ParsedPosting[] = [];
  let found = false;
  let closing: ParseResult['closing'];
  // The account's currency (Acct/Ccy), else each entry's amount currency (Amt/@Ccy).
  const currencies: string[] = [];
  const amountCurrency = (node: XmlValue | undefined) => {
    const amt = child(node, 'Amt');
    const ccy = amt && typeof amt === 'object' && !Array.isArray(amt) ? amt['@_Ccy'] : undefined;
    return typeof ccy === 'string' ? ccy : undefined;
  };

  for (const [container, item] of CONTAINERS) {
    const root = child(doc, container);
    if (root === undefined) continue;
    found = true;
    for (const statement of list(child(root, item))) {
      const account = text(statement, 'Acct', 'Id', 'IBAN') ?? text(statement, 'Acct', 'Id', 'Othr', 'Id');
      const accountCcy = text(statement, 'Acct', 'Ccy');
      if (accountCcy) currencies.push(accountCcy);
      // The closing booked balance of the last statement holding one (CLBD; else CLAV is not used).
      for (const balance of list(child(statement, 'Bal'))) {
        if (text(balance, 'Tp', 'CdOrPrtry', 'Cd') !== 'CLBD') continue;
        const amount = readAmount(text(balance, 'Amt') ?? '', '.');
        const day = isoDay(text(balance, 'Dt', 'Dt') ?? text(balance, 'Dt', 'DtTm'));
        if (!amount || !day) continue;
        const sign = text(balance, 'CdtDbtInd') === 'DBIT' ? -1 : 1;
        closing = { date: day, cents: Math.abs(amount.cents) * sign * (invert ? -1 : 1) || 0 };
      }
      for (const entry of list(child(statement, 'Ntry'))) {
        const status = text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
        if (status && /^(PDNG|INFO|FUTR)$/i.test(status)) continue; // not booked
        const details = list(child(entry, 'NtryDtls', 'TxDtls'));
        const first = details[0];
        const indicator = text(entry, 'CdtDbtInd');
        const rawAmount = text(entry, 'Amt') ?? '';
        const entryCcy = amountCurrency(entry);
        if (entryCcy && !accountCcy) currencies.push(entryCcy);
        const read = readAmount(rawAmount, '.');
        const booked = text(entry, 'BookgDt', 'Dt') ?? text(entry, 'BookgDt', 'DtTm');
        const valued = text(entry, 'ValDt', 'Dt') ?? text(entry, 'ValDt', 'DtTm');
        const date = isoDay(booked) ?? isoDay(valued);
        const credit = indicator === 'CRDT';
        const party = credit
          ? (text(first, 'RltdPties', 'Dbtr', 'Nm') ?? text(first, 'RltdPties', 'Dbtr', 'Pty', 'Nm'))
          : (text(first, 'RltdPties', 'Cdtr', 'Nm') ?? text(first, 'RltdPties', 'Cdtr', 'Pty', 'Nm'));
        const remittance =
          details.length === 1
            ? list(child(first, 'RmtInf', 'Ustrd'))
                .map((u) => textOf(u))
                .filter(Boolean)
                .join(' ')
            : '';
        // The party once, then the note without its reference fields (bank-text.ts).
        const description = payeeAndNote(
          party,
          cleanRemittance(
            remittance ||
              (details.length === 1 ? text(first, 'AddtlTxInf') : undefined) ||
              text(entry, 'AddtlNtryInf') ||
              '',
          ),
        );
        const endToEnd = details.length === 1 ? text(first, 'Refs', 'EndToEndId') : undefined;
        const externalId =
          text(entry, 'AcctSvcrRef') ??
          (details.length === 1 ? text(first, 'Refs', 'AcctSvcrRef') : undefined) ??
          (endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd : undefined);

        let cents: number | null = null;
        if (read && (indicator === 'CRDT' || indicator === 'DBIT')) {
          cents = Math.abs(read.cents) * (credit ? 1 : -1) * (invert ? -1 : 1) || 0;
        }
        const posting: ParsedPosting = {
          index: postings.length,
          date,
          amountCents: cents,
          description: decodeEntities(description),
        };
        if (party) posting.payee = party;
        if (account) posting.account = account;
        if (externalId) posting.externalId = externalId;
        const errors: string[] = [];
        const printed = booked ?? valued;
        if (!date) errors.push(printed ? `Unreadable date "${shown(printed)}"` : 'No booking date');
        if (cents === null) errors.push(read ? 'No credit/debit indicator' : `Unreadable amount "${shown(rawAmount)}"`);
        if (errors.length) posting.error = errors.join('; ');
        postings.push(posting);
      }
    }
  }
  if (!found)
    throw new ImportFileError(
      'NOT_A_STATEMENT',
      'This XML file is not a CAMT bank statement (camt.052, camt.053 or camt.054).',
    );
  const result: ParseResult = {
    format: 'camt',
    options: { encoding, invertSign: invert },
    needsReview: [],
    postings,
    ...statementCurrency(currencies),
  };
  if (closing) result.closing = closing;
  return result;
}
