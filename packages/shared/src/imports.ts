import { z } from 'zod';

/* ---------------------------------------------------------------------------------------------
 * Statement import options (DESIGN §7). What is omitted is detected from the file; the effective
 * options (detected or given) come back on the batch so the wizard can show and change them.
 * ------------------------------------------------------------------------------------------- */

export const IMPORT_FORMATS = ['csv', 'ofx', 'qif', 'camt'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** WHATWG encoding labels the importer offers; any label TextDecoder knows is accepted. */
export const IMPORT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1257',
  'iso-8859-1',
  'iso-8859-2',
  'iso-8859-15',
] as const;

/** Date patterns are made of YYYY YY MM M DD D MMM and the file's own separators. */
const DATE_FORMAT_RE = /^(?=.*(?:YY|M|D))[YMD./\- ,']{2,20}$/;

const columnName = z.string().trim().min(1, 'Choose a column').max(200);

export const importCsvColumnsSchema = z.object({
  date: columnName.optional(),
  amount: columnName.optional(),
  debit: columnName.optional(),
  credit: columnName.optional(),
  direction: columnName.optional(),
  description: z.array(columnName).max(20).optional(),
  payee: columnName.optional(),
});
export type ImportCsvColumns = z.infer<typeof importCsvColumnsSchema>;

export const importCsvOptionsSchema = z.object({
  delimiter: z
    .string()
    .min(1, 'Choose a delimiter')
    .max(1, 'A delimiter is one character')
    .refine((d) => d !== '"' && d !== '\n' && d !== '\r', 'This character cannot be a delimiter')
    .optional(),
  headerRow: z.number().int('Header row is a whole number').min(0).max(1000).optional(),
  decimalSeparator: z.enum(['.', ','], { error: 'Decimal mark is "." or ","' }).optional(),
  columns: importCsvColumnsSchema.optional(),
});
export type ImportCsvOptions = z.infer<typeof importCsvOptionsSchema>;

export const importOptionsSchema = z.object({
  encoding: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine((label) => {
      try {
        new TextDecoder(label);
        return true;
      } catch {
        return false;
      }
    }, 'Unknown text encoding')
    .optional(),
  invertSign: z.boolean().optional(),
  dateFormat: z
    .string()
    .trim()
    .regex(DATE_FORMAT_RE, 'Date format is a pattern such as DD.MM.YYYY, M/D/YY or DD-MMM-YYYY')
    .optional(),
  profileId: z.uuid('Choose a saved profile').optional(),
  csv: importCsvOptionsSchema.optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;
