import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { SUBSCRIPTION_REPORT_MEDIA_TYPE, api } from '@aerie/contract';
import { route } from '../../plugins/endpoints.js';
import type { SubscriptionReportService } from './subscription-report.service.js';
import { ReaderGoneError, writeWorkbook } from './subscription-report.workbook.js';

export function subscriptionReportRoutes(
  service: SubscriptionReportService,
  options: { creator: string },
): FastifyPluginAsync {
  return async (app) => {
    // A heavy read: the slot is held until the last byte is written (or the client leaves).
    route(
      app,
      api.subscriptions.monthlyReport,
      async (request, reply) => {
        const { year, month } = request.params;
        const report = await service.monthly(request.principal(), year, month);
        const output = new PassThrough();
        void reply
          .header('Content-Disposition', `attachment; filename="${report.fileName}"`)
          .header('Cache-Control', 'no-store')
          .type(SUBSCRIPTION_REPORT_MEDIA_TYPE)
          .send(output);
        try {
          await writeWorkbook(output, { creator: options.creator, ...report });
        } catch (error) {
          // The status is sent already: a failure can only cut the download short.
          if (error instanceof ReaderGoneError) {
            request.log.info('monthly report: the client left before the end');
          } else {
            request.log.error({ err: error }, 'monthly report failed while streaming');
          }
          output.destroy(error instanceof Error ? error : new Error(String(error)));
        }
        return reply;
      },
      { limits: { heavy: true } },
    );
  };
}
