import type { Settings, SettingsUpdate } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
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

/** Saves the user's settings; the profile lives with the account (auth module). */
export async function update(db: Db, userId: string, data: SettingsUpdate): Promise<Settings> {
  return toSettings(await auth.updateProfile(db, userId, data));
}
