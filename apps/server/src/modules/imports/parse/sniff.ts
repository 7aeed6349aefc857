import type { ImportFormat } from '@ledgerly/shared';

/**
 * Decides the format from the text itself, never from the file name: banks name CSVs `.xls`,
 * leave CAMT files without an extension and call OFX files `.qfx`.
 */
export function sniffFormat(text: string): ImportFormat {
  const head = text.slice(0, 8192).replace(/^[\s\uFEFF]+/, '');
  if (/^OFXHEADER\s*:/i.test(head) || /<\?OFX\b/i.test(head) || /<OFX>/i.test(head)) return 'ofx';
  if (head.startsWith('<')) {
    if (/camt\.05[234]|<(BkToCstmrStmt|BkToCstmrAcctRpt|BkToCstmrDbtCdtNtfctn)\b/.test(head)) return 'camt';
    return 'camt'; // other XML is rejected by the CAMT reader with a clear message
  }
  if (/^!(Type|Account|Option|Clear)\b/i.test(head)) return 'qif';
  return 'csv';
}
