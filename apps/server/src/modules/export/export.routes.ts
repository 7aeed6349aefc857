import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { openReport } from './export.service.js';

export const exportRoutes: FastifyPluginAsync<AppContext> = async (app, { db, database }) => {
  /** The matching transactions as a PDF report, streamed as it is written (docs/pdf-reports.md). */
  app.get('/export/pdf', async (request, reply) => {
    const { user } = request;
    const report = await openReport(
      db,
      user,
      request.query,
      (error) => request.log.error({ err: error }, 'PDF export failed after streaming began'),
      { snapshot: database.kind === 'postgres' },
    );
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${report.filename}"`)
      .header('Cache-Control', 'no-store')
      .send(report.stream);
  });
};
