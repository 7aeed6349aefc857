import { useId, useState, type SubmitEvent } from 'react';
import { ALL_CURRENCIES, CURRENCY_REGISTRY, type Account, type AccountKind } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Emoji } from '../../../components/ui/emoji';
import { InputField, SelectField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useMoney, useToday } from '../../../lib/use-currency';
import { useCreateAccount } from '../api/create-account';
import { useUpdateAccount } from '../api/update-account';
import { CLASS_LABELS, CREDIT_KINDS, KIND_ORDER, isLiabilityKind, kindLabel } from '../lib/account-groups';
import {
  accountBody,
  accountFormFrom,
  emptyAccountForm,
  withKind,
  type AccountFormField,
  type AccountFormValues,
} from '../lib/account-form';
import { ACCOUNT_COLOR_CHOICES, ACCOUNT_ICON_CHOICES, KIND_ICONS } from '../lib/account-icons';

export interface AccountFormDialogProps {
  open: boolean;
  /** The account being edited; null to add one. */
  account: Account | null;
  onClose: () => void;
  onSaved: (message: string, account: Account) => void;
}

/** "Add account" and "Edit account". */
export function AccountFormDialog({ open, account, onClose, onSaved }: AccountFormDialogProps) {
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const busy = create.isPending || update.isPending;
  return (
    <Dialog open={open} onClose={onClose} title={account ? 'Edit account' : 'Add account'} size="lg" busy={busy}>
      <AccountForm
        account={account}
        busy={busy}
        onCancel={onClose}
        onSubmit={async (body) => {
          if (account) {
            const res = await update.mutateAsync({ id: account.id, ...body });
            onSaved('Account updated', res.data);
          } else {
            const res = await create.mutateAsync(body);
            onSaved('Account added', res.data);
          }
        }}
      />
    </Dialog>
  );
}

function Toggle({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4 accent-indigo-600"
      />
      <div>
        <label htmlFor={id} className="block font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** Every ISO 4217 code, typed ahead by code or name (a native combobox: input + datalist). */
function CurrencyField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string;
}) {
  const listId = useId();
  const name = CURRENCY_REGISTRY.get(value.trim().toUpperCase())?.name;
  return (
    <>
      <InputField
        label="Currency"
        value={value}
        list={listId}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
        error={error}
        hint={name ?? 'Type a code or a name: every ISO 4217 currency, current or withdrawn'}
      />
      <datalist id={listId}>
        {ALL_CURRENCIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.withdrawn ? `${c.name} (withdrawn ${c.withdrawn.slice(0, 4)})` : c.name}
          </option>
        ))}
      </datalist>
    </>
  );
}

function AccountForm({
  account,
  busy,
  onCancel,
  onSubmit,
}: {
  account: Account | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (body: NonNullable<ReturnType<typeof accountBody>['body']>) => Promise<void>;
}) {
  const today = useToday();
  const { currency } = useMoney();
  const [values, setValues] = useState<AccountFormValues>(() =>
    account ? accountFormFrom(account) : emptyAccountForm(today, currency),
  );
  const [errors, setErrors] = useState<Partial<Record<AccountFormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends AccountFormField>(key: K, value: AccountFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const liability = isLiabilityKind(values.kind);
  const credit = CREDIT_KINDS.includes(values.kind);
  const card = values.kind === 'credit_card';

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure(null);
    const result = accountBody(values, account ? 'edit' : 'create');
    if (!result.body) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      await onSubmit(result.body);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors(error.fields);
      }
      setFailure(errorMessage(error, account ? 'Failed to update account' : 'Failed to create account'));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      {failure && <Banner kind="error" message={failure} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Name"
          value={values.name}
          maxLength={64}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        <SelectField
          label="Kind"
          value={values.kind}
          onChange={(e) => setValues((v) => withKind(v, e.target.value as AccountKind))}
          error={errors.kind}
        >
          {(['asset', 'liability'] as const).map((c) => (
            <optgroup key={c} label={CLASS_LABELS[c]}>
              {KIND_ORDER[c].map((k) => (
                <option key={k} value={k}>
                  {kindLabel(k)}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <InputField
          label={liability ? 'Amount owed when opened' : 'Opening balance'}
          inputMode="decimal"
          value={values.openingBalance}
          placeholder={account ? '' : '0.00'}
          onChange={(e) => set('openingBalance', e.target.value)}
          error={errors.openingBalance}
          hint={account ? 'Leave empty to keep the opening balance as it is' : undefined}
        />
        <InputField
          label="Opening date"
          type="date"
          max={today}
          value={values.openingDate}
          onChange={(e) => set('openingDate', e.target.value)}
          error={errors.openingDate}
        />
        <CurrencyField value={values.currency} onChange={(code) => set('currency', code)} error={errors.currency} />
      </div>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">Where the account counts</legend>
        <Toggle
          label="On budget"
          hint="Its spending counts in budgets"
          checked={values.onBudget}
          onChange={(c) => setValues((v) => ({ ...v, onBudget: c, togglesTouched: true }))}
        />
        <Toggle
          label="In net worth"
          hint="Its balance counts in net worth"
          checked={values.inNetWorth}
          onChange={(c) => setValues((v) => ({ ...v, inNetWorth: c, togglesTouched: true }))}
        />
      </fieldset>

      {credit && (
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            label="Credit limit"
            inputMode="decimal"
            value={values.creditLimit}
            onChange={(e) => set('creditLimit', e.target.value)}
            error={errors.creditLimit}
          />
          {card && (
            <InputField
              label="Statement day"
              type="number"
              min={1}
              max={31}
              value={values.statementDay}
              onChange={(e) => set('statementDay', e.target.value)}
              error={errors.statementDay}
            />
          )}
          {card && (
            <InputField
              label="Due day"
              type="number"
              min={1}
              max={31}
              value={values.dueDay}
              onChange={(e) => set('dueDay', e.target.value)}
              error={errors.dueDay}
            />
          )}
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Institution"
          value={values.institution}
          maxLength={64}
          onChange={(e) => set('institution', e.target.value)}
          error={errors.institution}
        />
        <InputField
          label="Last 4 digits"
          inputMode="numeric"
          maxLength={4}
          value={values.mask}
          onChange={(e) => set('mask', e.target.value)}
          error={errors.mask}
        />
      </div>

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Icon</legend>
        <div className="flex flex-wrap gap-2">
          {['', ...ACCOUNT_ICON_CHOICES].map((icon) => (
            <label
              key={icon || 'default'}
              className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg border border-slate-300 text-xl has-[:checked]:border-indigo-600 has-[:checked]:ring-2 has-[:checked]:ring-indigo-500 has-[:focus-visible]:outline-2 dark:border-slate-600"
            >
              <input
                type="radio"
                name="account-icon"
                className="sr-only"
                checked={values.icon === icon}
                onChange={() => set('icon', icon)}
                aria-label={icon ? `Icon ${icon}` : 'Default icon'}
              />
              <Emoji emoji={icon || KIND_ICONS[values.kind]} />
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Colour</legend>
        <div className="flex flex-wrap gap-2">
          {['', ...ACCOUNT_COLOR_CHOICES].map((color) => (
            <label
              key={color || 'none'}
              className="flex h-9 w-9 cursor-pointer items-center justify-center rounded-full border border-slate-300 has-[:checked]:ring-2 has-[:checked]:ring-indigo-500 has-[:checked]:ring-offset-2 has-[:focus-visible]:outline-2 dark:border-slate-600 dark:ring-offset-slate-900"
              style={color ? { backgroundColor: color } : undefined}
            >
              <input
                type="radio"
                name="account-color"
                className="sr-only"
                checked={values.color === color}
                onChange={() => set('color', color)}
                aria-label={color ? `Colour ${color}` : 'No colour'}
              />
              {!color && (
                <span aria-hidden="true" className="text-xs text-slate-500">
                  —
                </span>
              )}
            </label>
          ))}
        </div>
        {errors.color && (
          <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {errors.color}
          </p>
        )}
      </fieldset>

      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : account ? 'Save changes' : 'Add account'}
        </Button>
      </div>
    </form>
  );
}
