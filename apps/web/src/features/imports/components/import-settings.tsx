import { useState } from 'react';
import { IMPORT_ENCODINGS, type ImportBatch, type ImportOptions } from '@ledgerly/shared';
import { InputField, SelectField } from '../../../components/ui/field';

type Columns = NonNullable<NonNullable<ImportOptions['csv']>['columns']>;
const ROLES: { key: Exclude<keyof Columns, 'description'> | 'description'; label: string }[] = [
  { key: 'date', label: 'Date column' },
  { key: 'amount', label: 'Amount column' },
  { key: 'debit', label: 'Debit column' },
  { key: 'credit', label: 'Credit column' },
  { key: 'direction', label: 'Direction column' },
  { key: 'description', label: 'Description column' },
  { key: 'payee', label: 'Payee column' },
];

export interface ImportSettingsProps {
  batch: ImportBatch;
  busy: boolean;
  onChange: (options: ImportOptions) => void;
}

/**
 * What was detected in the file, editable: each change re-reads the file on the server and the
 * preview below follows. Text fields apply when they lose focus.
 */
export function ImportSettings({ batch, busy, onChange }: ImportSettingsProps) {
  const options = batch.options;
  const csv = options.csv;
  const header = batch.header ?? [];
  const [delimiter, setDelimiter] = useState(csv?.delimiter ?? '');
  const [headerRow, setHeaderRow] = useState(String(csv?.headerRow ?? 0));
  const [dateFormat, setDateFormat] = useState(options.dateFormat ?? '');

  const apply = (next: ImportOptions) => {
    const { profileId: _profile, ...rest } = next;
    onChange(rest);
  };
  const applyCsv = (patch: Partial<NonNullable<ImportOptions['csv']>>) =>
    apply({ ...options, csv: { ...csv, ...patch } });
  const setColumn = (key: (typeof ROLES)[number]['key'], value: string) => {
    let columns: Columns = { ...csv?.columns };
    if (key === 'description') columns.description = value ? [value] : [];
    else if (value) columns[key] = value;
    else columns = Object.fromEntries(Object.entries(columns).filter(([role]) => role !== key));
    applyCsv({ columns });
  };
  const needs = (what: string) =>
    batch.needsReview.includes(what) ? 'Please check: could not be decided for sure' : undefined;

  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700" disabled={busy}>
      <legend className="px-1 text-sm font-semibold">Detected settings ({batch.format.toUpperCase()})</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label="Encoding"
          value={options.encoding ?? 'utf-8'}
          onChange={(e) => apply({ ...options, encoding: e.target.value })}
          hint={needs('encoding')}
        >
          {[...new Set([options.encoding ?? 'utf-8', ...IMPORT_ENCODINGS])].map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </SelectField>
        {batch.format === 'csv' && (
          <>
            <InputField
              label="Delimiter"
              value={delimiter}
              maxLength={1}
              onChange={(e) => setDelimiter(e.target.value)}
              onBlur={() => delimiter && delimiter !== csv?.delimiter && applyCsv({ delimiter })}
            />
            <InputField
              label="Header row"
              type="number"
              min={0}
              value={headerRow}
              onChange={(e) => setHeaderRow(e.target.value)}
              onBlur={() => {
                const n = Number(headerRow);
                if (Number.isInteger(n) && n >= 0 && n !== csv?.headerRow) applyCsv({ headerRow: n });
              }}
              hint="Counted from 0"
            />
            <InputField
              label="Date format"
              value={dateFormat}
              onChange={(e) => setDateFormat(e.target.value)}
              onBlur={() => dateFormat && dateFormat !== options.dateFormat && apply({ ...options, dateFormat })}
              hint={needs('dateFormat') ?? 'e.g. DD.MM.YYYY, M/D/YY'}
              error={undefined}
            />
            <SelectField
              label="Decimal mark"
              value={csv?.decimalSeparator ?? '.'}
              onChange={(e) => applyCsv({ decimalSeparator: e.target.value === ',' ? ',' : '.' })}
              hint={needs('decimalSeparator')}
            >
              <option value=".">Point (1,234.56)</option>
              <option value=",">Comma (1.234,56)</option>
            </SelectField>
          </>
        )}
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input
            type="checkbox"
            checked={options.invertSign ?? false}
            onChange={(e) => apply({ ...options, invertSign: e.target.checked })}
            className="h-4 w-4"
          />
          Invert sign (card statements that show purchases as positive)
        </label>
      </div>
      {batch.format === 'csv' && header.length > 0 && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-4">
          {ROLES.map((role) => {
            const value =
              role.key === 'description' ? (csv?.columns?.description?.[0] ?? '') : (csv?.columns?.[role.key] ?? '');
            return (
              <SelectField
                key={role.key}
                label={role.label}
                value={value}
                onChange={(e) => setColumn(role.key, e.target.value)}
              >
                <option value="">(none)</option>
                {header.map((h, i) => (
                  <option key={`${h}-${i}`} value={h}>
                    {h || `Column ${i + 1}`}
                  </option>
                ))}
              </SelectField>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
