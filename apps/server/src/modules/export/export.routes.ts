import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { transactionFilterSchema } from '@ledgerly/shared';
import type { AppContext } from '../../app-context.js';
import { checkedByService } from '../../plugins/openapi.js';
import { openReport } from './export.service.js';

const pdf = z.custom<Readable>().meta({ type: 'string', format: 'binary', description: 'The PDF report' });

export const exportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, database }) => {
  /** The matching transactions as a PDF report, streamed as it is written (docs/pdf-reports.md). */
  app.get(
    '/export/pdf',
    {
      schema: {
        tags: ['transactions'],
        summary: 'The matching transactions as a PDF report',
        // The list's filters; dates are checked against the user's today by the service.
        querystring: checkedByService(transactionFilterSchema),
        produces: ['application/pdf'],
        response: { 200: pdf },
      },
    },
    async (request, reply) => {
      const report = await openReport(
        db,
        request.user,
        request.query,
        (error) => request.log.error({ err: error }, 'PDF export failed after streaming began'),
        { snapshot: database.kind === 'postgres' },
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${report.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(report.stream);
    },
  );
};
