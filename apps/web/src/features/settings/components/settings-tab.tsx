import { CURRENCIES, DEFAULT_CURRENCY, type Settings } from '@ledgerly/shared';
import { FlashBanners, useFlash } from '../../../components/ui/banner';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, useErrorFlash } from '../../../lib/error-message';
import { useAuth } from '../../auth/auth-context';
import { useCurrencies } from '../api/get-currencies';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { AccountSecurity } from '../../security/components/account-security';
import { ExchangeRatesCard } from '../../rates/components/exchange-rates-card';
import { AppearanceCard } from './appearance-card';
import { SettingsForm, type SettingsFormValues } from './settings-form';

/** The Settings tab: appearance, account information, preferred currency, then account & security. */
export function SettingsTab() {
  const { user, updateUser } = useAuth();
  const flash = useFlash();
  const settings = useSettings();
  const currencies = useCurrencies();
  const update = useUpdateSettings();

  useErrorFlash(settings.error, 'Failed to load settings', flash.showError);
  // Without the server's list the local table of the same currencies serves.
  useErrorFlash(currencies.error, 'Failed to fetch currencies', flash.showError);

  // If the settings cannot be read, the signed-in user carries the same fields.
  const initial: Settings = settings.data ?? {
    firstName: user?.firstName ?? null,
    lastName: user?.lastName ?? null,
    currency: user?.currency ?? DEFAULT_CURRENCY,
  };

  async function onSave(values: SettingsFormValues): Promise<Settings | null> {
    try {
      const saved = await update.mutateAsync(values);
      if (user) updateUser({ ...user, ...saved });
      flash.showSuccess('Settings saved successfully!');
      return saved;
    } catch (error) {
      flash.showError(errorMessage(error, 'Failed to update settings'));
      return null;
    }
  }

  return (
    <section aria-labelledby="tab-title" className="space-y-6">
      <PageHeader title="Settings" subtitle="Manage your account and preferences" />
      {/* Kept in view while the page scrolls, so the result of Save is seen where Save is. */}
      <div className="sticky top-20 z-10 empty:hidden">
        <FlashBanners flash={flash} />
      </div>
      <AppearanceCard />
      {settings.isPending || currencies.isPending ? (
        <Spinner label="Loading settings..." />
      ) : (
        <SettingsForm
          email={user?.email ?? ''}
          initial={initial}
          currencies={currencies.data ?? CURRENCIES}
          onSave={onSave}
        />
      )}
      <ExchangeRatesCard flash={flash} />
      <AccountSecurity flash={flash} />
    </section>
  );
}
