import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, formatMoney, settingsInputSchema, type Currency, type Settings } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { InputField, SelectField } from '../../../components/ui/field';
import { PopularCurrencies } from './popular-currencies';

export interface SettingsFormValues {
  firstName: string | null;
  lastName: string | null;
  currency: string;
}

export interface SettingsFormProps {
  email: string;
  initial: Settings;
  currencies: readonly Currency[];
  /** Saves the validated values and answers what was saved; a rejection is the caller's to show. */
  onSave: (values: SettingsFormValues) => Promise<Settings | null>;
}

const toForm = (s: Settings) => ({ firstName: s.firstName ?? '', lastName: s.lastName ?? '', currency: s.currency });

/** Account information and regional settings, validated with the server's schema. */
export function SettingsForm({ email, initial, currencies, onSave }: SettingsFormProps) {
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(settingsInputSchema), defaultValues: toForm(initial) });

  const submit = handleSubmit(async (values) => {
    const saved = await onSave(values);
    if (saved) reset(toForm(saved));
  });

  const currency = watch('currency');
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6">
      <Card role="region" aria-labelledby="settings-account">
        <h2 id="settings-account" className="text-lg font-semibold">
          Account Information
        </h2>
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <InputField
            label="Email"
            type="email"
            value={email}
            readOnly
            hint="Email cannot be changed"
            containerClassName="sm:col-span-2"
            className="cursor-not-allowed bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300"
          />
          <InputField
            label="First name"
            autoComplete="given-name"
            maxLength={LIMITS.nameMax}
            error={errors.firstName?.message}
            disabled={isSubmitting}
            {...register('firstName')}
          />
          <InputField
            label="Last name"
            autoComplete="family-name"
            maxLength={LIMITS.nameMax}
            error={errors.lastName?.message}
            disabled={isSubmitting}
            {...register('lastName')}
          />
        </div>
      </Card>

      <Card role="region" aria-labelledby="settings-regional" className="space-y-5">
        <h2 id="settings-regional" className="text-lg font-semibold">
          Regional Settings
        </h2>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:items-end">
          <SelectField
            label="Preferred currency"
            error={errors.currency?.message}
            disabled={isSubmitting}
            {...register('currency')}
          >
            {currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.flag} {c.code} — {c.name}
              </option>
            ))}
          </SelectField>
          <div
            className="rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-2.5 dark:border-indigo-900 dark:bg-indigo-950/60"
            aria-live="polite"
          >
            <p className="text-xs text-slate-600 dark:text-slate-400">Preview: 1,234.56 will appear as</p>
            <p data-testid="currency-preview" className="text-lg font-bold text-indigo-700 dark:text-indigo-300">
              {formatMoney(1234.56, currency)}
            </p>
          </div>
        </div>
        <PopularCurrencies
          currencies={currencies}
          value={currency}
          disabled={isSubmitting}
          onSelect={(code) => setValue('currency', code, { shouldDirty: true })}
        />
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
