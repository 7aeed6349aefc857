import { DEFAULT_CURRENCY, currencySymbol } from '@ledgerly/shared';

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/** 1234.56 → "$1,234.56" in the given currency: symbol, thousands separators, two decimals. */
export function formatMoney(amount: number, currency: string = DEFAULT_CURRENCY): string {
  let fmt = moneyFormatters.get(currency);
  if (!fmt) {
    fmt = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormatters.set(currency, fmt);
  }
  const sign = amount < 0 ? '-' : '';
  return `${sign}${currencySymbol(currency)}${fmt.format(Math.abs(amount))}`;
}

/** A signed amount: "+$12.00" for income, "-$12.00" for expense. */
export function formatSigned(amount: number, type: 'income' | 'expense', currency?: string): string {
  return `${type === 'income' ? '+' : '-'}${formatMoney(Math.abs(amount), currency)}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-03-05" → "Mar 5, 2026" (en-US short). */
export function formatDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** The browser's IANA time zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
