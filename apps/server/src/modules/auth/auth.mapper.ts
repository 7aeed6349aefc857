import type { User } from '@ledgerly/shared';
import type { users } from '../../db/schema.js';

export function toUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    currency: row.currency,
    timezone: row.timezone,
  };
}
