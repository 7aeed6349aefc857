/**
 * Header words of bank CSV exports in the languages we have met, normalised (lower case, no
 * accents). A header cell matches a word when the word appears as whole tokens in it.
 */

export type Role =
  | 'date'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'direction'
  | 'balance'
  | 'description'
  | 'payee'
  | 'account'
  | 'category'
  | 'status'
  | 'id'
  | 'tags'
  | 'counterparty';

const WORDS: Record<Role, string[]> = {
  date: [
    'date',
    'datum',
    'fecha',
    'data',
    'buchungstag',
    'wertstellung',
    'valuta',
    'dt',
    'day',
    'processed',
    'posted',
    'datuma',
    'belegdatum',
    'buchungsdatum',
  ],
  amount: [
    'amount',
    'betrag',
    'bedrag',
    'importe',
    'montant',
    'suma',
    'summe',
    'summa',
    'castka',
    'osszeg',
    'osszege',
    'kwota',
    'valor',
    'importo',
    'belob',
    'belopp',
    'umsatz',
    'buchungsbetrag',
    'neto',
    'net',
    'netto',
    'value',
    'transaction amount',
    'zauctovana castka',
  ],
  debit: [
    'debit',
    'debet',
    'debito',
    'withdrawal',
    'withdrawals',
    'soll',
    'outflow',
    'paid out',
    'money out',
    'ausgang',
    'ausgabe',
    'ausgaben',
    'charge',
    'charges',
    'cargo',
    'uscite',
    'af',
    'belastung',
    'lastschrift',
    'payments',
    'spent',
    'expense',
  ],
  credit: [
    'credit',
    'credito',
    'deposit',
    'deposits',
    'haben',
    'inflow',
    'paid in',
    'money in',
    'eingang',
    'einnahme',
    'einnahmen',
    'abono',
    'entrate',
    'bij',
    'gutschrift',
    'received',
    'income',
  ],
  direction: [
    'd k',
    'dr cr',
    'cr dr',
    's h',
    'debit credit',
    'credit debit',
    'transaction type',
    'direction',
    'bevetel kiadas',
    'soll haben',
    'af bij',
    'sign',
    'inflow outflow',
  ],
  balance: [
    'balance',
    'saldo',
    'solde',
    'kontostand',
    'egyenleg',
    'zustatek',
    'running',
    'available',
    'fee',
    'fees',
    'comision',
    'commission',
    'gebuhr',
    'poplatek',
    'rate',
    'kurs',
    'umrechnungskurs',
    'original',
    'originalbetrag',
    'puvodni',
    'ursprunglich',
    'tax',
    'impuesto',
    'envio',
    'ledger',
    'bruto',
    'brutto',
    'gross',
    'compensation',
    'exchange',
  ],
  description: [
    'description',
    'descripcion',
    'descricao',
    'details',
    'detail',
    'memo',
    'narrative',
    'narration',
    'verwendungszweck',
    'omschrijving',
    'concepto',
    'libelle',
    'label',
    'reason',
    'purpose',
    'text',
    'buchungstext',
    'transaktionsbeschreibung',
    'zprava',
    'poznamka',
    'mededeling',
    'vrije mededeling',
    'kozlemeny',
    'reszletek',
    'notes',
    'note',
    'particulars',
    'vorgang',
    'beschreibung',
    'causale',
    'opis',
    'information',
    'description 1',
    'description 2',
    'description 3',
    'zusatz',
    'original description',
  ],
  payee: [
    'payee',
    'name',
    'beneficiary',
    'merchant',
    'merchant name',
    'empfanger',
    'auftraggeber',
    'begunstigter',
    'zahlungsempfanger',
    'naam',
    'nombre',
    'nom',
    'partner neve',
    'nazev protiuctu',
    'naam tegenpartij',
    'recipient',
    'payer',
    'counterparty name',
  ],
  account: [
    'account',
    'account no',
    'account number',
    'account name',
    'iban',
    'konto',
    'kontonummer',
    'rekeningnummer',
    'cuenta',
    'compte',
    'cislo uctu',
    'szamlaszam',
    'produit',
  ],
  category: ['category', 'kategorie', 'categoria', 'categorie', 'class', 'rubriek', 'rubrique', 'kategoria'],
  status: ['status', 'state', 'stav'],
  tags: ['tags'],
  id: [
    'transaction id',
    'id transakce',
    'id de transaccion',
    'transaktions id',
    'transaktionsid',
    'fitid',
    'operation number',
    'unique id',
    'transaction reference',
    'transaktionsnummer',
    'megbizas azonosito',
  ],
  counterparty: [
    'tegenpartij',
    'protiuctu',
    'partner',
    'counterparty',
    'gegenkonto',
    'beneficiary account',
    'payee account',
    'partner szamlaszama',
    'nombre del banco',
    'cuenta bancaria',
    'bank',
  ],
};

/** Lower case, accents removed, punctuation to spaces, single spaces. */
export function normaliseHeader(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function containsPhrase(header: string, phrase: string): boolean {
  return ` ${header} `.includes(` ${phrase} `);
}

/** No header cell or direction mark is longer; a longer cell is neither (and is not searched). */
const MAX_HEADER_TEXT = 200;
const MAX_MARK_TEXT = 40;

/** How well a header matches a role: 3 exact, 2 starts with the word, 1 contains it, 0 not. */
export function headerScore(cell: string, role: Role): number {
  if (cell.length > MAX_HEADER_TEXT) return 0;
  const h = normaliseHeader(cell);
  if (!h) return 0;
  let best = 0;
  for (const w of WORDS[role]) {
    if (h === w) return 3;
    if (h.startsWith(`${w} `)) best = Math.max(best, 2);
    else if (containsPhrase(h, w)) best = Math.max(best, 1);
  }
  return best;
}

export function matchesAny(cell: string, roles: Role[]): boolean {
  return roles.some((r) => headerScore(cell, r) > 0);
}

/** Values in a direction column, and which way each points. */
const CREDIT_MARKS = new Set([
  'k',
  'c',
  'cr',
  'credit',
  'haben',
  'h',
  'inflow',
  'in',
  'bij',
  'gutschrift',
  'deposit',
  'einnahme',
  'bevetel',
  'income',
  '+',
  'abono',
  'credito',
  'incoming',
]);
const DEBIT_MARKS = new Set([
  'd',
  'dr',
  'db',
  'debit',
  'debet',
  'soll',
  's',
  'outflow',
  'out',
  'af',
  'lastschrift',
  'withdrawal',
  'ausgabe',
  'kiadas',
  'expense',
  '-',
  'cargo',
  'debito',
  'outgoing',
]);

export function directionOf(value: string): 1 | -1 | null {
  if (value.length > MAX_MARK_TEXT) return null;
  const v = normaliseHeader(value) || value.trim();
  if (CREDIT_MARKS.has(v)) return 1;
  if (DEBIT_MARKS.has(v)) return -1;
  return null;
}

export const isSingleLetterMark = (value: string) => /^[a-z+-]$/i.test(value.trim());

const PENDING =
  /^(pending|vorgemerkt|vormerkung|in bearbeitung|en attente|pendiente|in sospeso|in behandeling|authori[sz]ed|autorizado|nicht gebucht)\b/i;
const BALANCE =
  /^(?:(?:opening|closing|starting|ending|start|end|final|initial|previous|new|current|available|ledger|book(?:ed)?|old)\s+)?(?:balance|saldo|solde|kontostand|egyenleg|zustatek|turnovers?|umsatzsumme|summe|total|totals|anfangssaldo|endsaldo|schlusssaldo|saldo anterior|saldo final|saldo inicial|nuevo saldo|solde initial|solde final|beginsaldo|eindsaldo)(?:\s+(?:at|of|per|au|del|am|zum|on)\b.*)?\s*:?$/i;

export const isPendingText = (text: string) => PENDING.test(text.trim());
export const isBalanceText = (text: string) => BALANCE.test(text.trim().replace(/\s+/g, ' '));
