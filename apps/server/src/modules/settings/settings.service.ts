import type { Settings, SettingsUpdate } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import * as accounts from '../accounts/index.js';
import * as auth from '../auth/index.js';

export const toSettings = (user: {
  firstName: string | null;
  lastName: string | null;
  currency: string;
}): Settings => ({
  firstName: user.firstName,
  lastName: user.lastName,
  currency: user.currency,
});

/**
 * Saves the user's settings; the profile lives with the account (auth module). The currency is
 * the base currency (DESIGN §12); a user's only account, while still empty, follows it
 * (docs/currencies.md), in the same database transaction.
 */
export async function update(db: Db, userId: string, data: SettingsUpdate): Promise<Settings> {
  return db.transaction(async (tx) => {
    const { user, previousCurrency } = await auth.updateProfile(tx, userId, data);
    await accounts.followSettingsCurrency(tx, userId, previousCurrency, user.currency);
    return toSettings(user);
  });
}
