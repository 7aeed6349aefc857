/**
 * Text cells of a CSV meant to be opened in a spreadsheet (OWASP "CSV Injection"): Excel,
 * LibreOffice and Google Sheets read a cell that begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return as a formula, which can fetch URLs or, in old Excel, run commands. Such a cell
 * is written with a leading apostrophe, the spreadsheets' own "this is text" mark, which they
 * do not show.
 *
 * A cell that already begins with apostrophes before such a character gets one more, so reading
 * back — one apostrophe off every cell that begins with apostrophes and then such a character —
 * gives exactly the text that was written: `'=x` is written `''=x` and read back `'=x`. Only text
 * columns go through this; amounts (`-12.50`) are numbers and stay as they are.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const DEFUSED = /^'+[=+\-@\t\r]/;

/** The text as a spreadsheet-safe cell value (quote it per RFC 4180 afterwards). */
export const defuseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** The text a defused cell stood for; any other text unchanged. */
export const restoreFormula = (text: string): string => (DEFUSED.test(text) ? text.slice(1) : text);
