import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export interface PortableSettings {
  firstName: string | null;
  lastName: string | null;
  currency: string;
  timezone: string;
}

export async function exportSettings(db: Db, userId: string): Promise<PortableSettings | null> {
  const rows = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      currency: users.currency,
      timezone: users.timezone,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Locks the user's row for the rest of the transaction (two restores of one account queue
 * here) and writes the restored settings. False if the user is gone.
 */
export async function restoreSettings(db: Db, userId: string, settings: PortableSettings): Promise<boolean> {
  const locked = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!locked.length) return false;
  await db
    .update(users)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return true;
}
