import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Settings } from '@ledgerly/shared';
import { CURRENCIES, settingsInputSchema } from '@ledgerly/shared';
import type { AppContext } from '../../app.js';
import { users } from '../../db/schema.js';
import { requireUser } from '../../plugins/authenticate.js';
import { parse } from '../../lib/validate.js';
import { notFound } from '../../errors.js';

const toSettings = (row: { firstName: string | null; lastName: string | null; currency: string }): Settings => ({
  firstName: row.firstName,
  lastName: row.lastName,
  currency: row.currency,
});

export async function settingsRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  app.get('/settings', async (request) => {
    const user = requireUser(request);
    return { data: toSettings(user) };
  });

  // Email is not part of the payload: it never changes.
  app.put('/settings', async (request) => {
    const user = requireUser(request);
    const data = parse(settingsInputSchema, request.body);
    const rows = await db
      .update(users)
      .set({ ...data, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!rows[0]) throw notFound('User');
    return { data: toSettings(rows[0]) };
  });

  app.get('/settings/currencies', async (request) => {
    requireUser(request);
    return { data: CURRENCIES };
  });
}
