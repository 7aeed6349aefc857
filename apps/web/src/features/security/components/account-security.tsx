import type { Flash } from '../../../components/ui/banner';
import { DataCard } from './data-card';
import { DeleteAccountCard } from './delete-account-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { TokensCard } from './tokens-card';
import { TwoFactorCard } from './two-factor-card';

/** Settings › Account & security (DESIGN §8): password, sessions, two-factor, tokens, data, deletion. */
export function AccountSecurity({ flash }: { flash: Flash }) {
  return (
    <section aria-labelledby="settings-security" className="space-y-4">
      <h2 id="settings-security" className="pt-2 text-lg font-semibold">
        Account &amp; security
      </h2>
      <PasswordCard flash={flash} />
      <SessionsCard flash={flash} />
      <TwoFactorCard flash={flash} />
      <TokensCard flash={flash} />
      <DataCard flash={flash} />
      <DeleteAccountCard />
    </section>
  );
}
