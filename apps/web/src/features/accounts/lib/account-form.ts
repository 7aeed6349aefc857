import {
  accountCreateSchema,
  accountUpdateSchema,
  DEFAULT_CURRENCY,
  fromCents,
  toSignedCents,
  type Account,
  type AccountKind,
} from '@ledgerly/shared';
import type { AccountBody } from '../api/create-account';
import { CREDIT_KINDS, isLiabilityKind, kindDefaults } from './account-groups';

/** The account form's fields as typed (amounts and days as text). */
export interface AccountFormValues {
  name: string;
  kind: AccountKind;
  /** An ISO 4217 code, as typed (upper-cased when sent). */
  currency: string;
  /** An asset's balance; a liability's amount owed (positive while owed). Empty on edit = keep. */
  openingBalance: string;
  openingDate: string;
  onBudget: boolean;
  inNetWorth: boolean;
  /** True once the user changed a toggle: picking another kind then keeps their choice. */
  togglesTouched: boolean;
  creditLimit: string;
  statementDay: string;
  dueDay: string;
  institution: string;
  mask: string;
  icon: string;
  color: string;
}

export type AccountFormField = keyof AccountFormValues;

export function emptyAccountForm(today: string, currency: string = DEFAULT_CURRENCY): AccountFormValues {
  return {
    name: '',
    kind: 'checking',
    currency,
    openingBalance: '',
    openingDate: today,
    ...kindDefaults('checking'),
    togglesTouched: false,
    creditLimit: '',
    statementDay: '',
    dueDay: '',
    institution: '',
    mask: '',
    icon: '',
    color: '',
  };
}

export function accountFormFrom(a: Account): AccountFormValues {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    name: a.name,
    kind: a.kind,
    currency: a.currency,
    openingBalance: '',
    openingDate: a.openingDate ?? '',
    onBudget: a.onBudget,
    inNetWorth: a.inNetWorth,
    togglesTouched: true,
    creditLimit: text(a.creditLimit),
    statementDay: text(a.statementDay),
    dueDay: text(a.dueDay),
    institution: a.institution ?? '',
    mask: a.mask ?? '',
    icon: a.icon ?? '',
    color: a.color ?? '',
  };
}

/** A new kind picked: the toggles follow its defaults until the user set them. */
export function withKind(values: AccountFormValues, kind: AccountKind): AccountFormValues {
  return { ...values, kind, ...(values.togglesTouched ? {} : kindDefaults(kind)) };
}

const day = (text: string) => (text.trim() === '' ? null : Number(text));
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The body for POST (create) or PUT (edit) /accounts, checked with the server's own schema; or
 * the first message for each field that is wrong. Amounts go out in major units with the
 * balance sign of DESIGN §10 (a liability's amount owed becomes a negative opening balance).
 */
export function accountBody(
  values: AccountFormValues,
  mode: 'create' | 'edit',
): { body: AccountBody; errors: null } | { body: null; errors: Partial<Record<AccountFormField, string>> } {
  const credit = CREDIT_KINDS.includes(values.kind);
  const card = values.kind === 'credit_card';
  const errors: Partial<Record<AccountFormField, string>> = {};

  let openingBalance: number | undefined;
  if (values.openingBalance.trim() !== '') {
    const cents = toSignedCents(values.openingBalance.replace(/,/g, ''));
    if (cents === null) errors.openingBalance = 'Opening balance must be an amount';
    else openingBalance = fromCents(isLiabilityKind(values.kind) ? -cents : cents) || 0;
  } else if (mode === 'create') {
    openingBalance = 0;
  }
  let creditLimit: number | null = null;
  if (credit && values.creditLimit.trim() !== '') {
    const cents = toSignedCents(values.creditLimit.replace(/,/g, ''));
    if (cents === null || cents < 0) errors.creditLimit = 'Credit limit must be an amount';
    else creditLimit = fromCents(cents);
  }

  const body: AccountBody = {
    name: values.name,
    kind: values.kind,
    currency: values.currency.trim().toUpperCase(),
    ...(openingBalance !== undefined ? { openingBalance } : {}),
    ...(values.openingDate ? { openingDate: values.openingDate } : {}),
    onBudget: values.onBudget,
    inNetWorth: values.inNetWorth,
    creditLimit: credit ? creditLimit : null,
    statementDay: card ? day(values.statementDay) : null,
    dueDay: card ? day(values.dueDay) : null,
    institution: orNull(values.institution),
    mask: orNull(values.mask),
    icon: orNull(values.icon),
    color: orNull(values.color),
  };
  const parsed = (mode === 'create' ? accountCreateSchema : accountUpdateSchema).safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in values && !errors[field as AccountFormField]) {
        errors[field as AccountFormField] = issue.message;
      }
    }
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return { body, errors: null };
}
