import type { FeatureFactory } from '../feature.js';
import { createSubscriptionReportRepository } from './subscription-report.repository.js';
import { subscriptionReportRoutes } from './subscription-report.routes.js';
import { createSubscriptionReportService } from './subscription-report.service.js';

/** The monthly subscription report: an xlsx workbook streamed as it is read (decision 037). */
export const createSubscriptionReportFeature: FeatureFactory<'authorize'> = ({
  pool,
  config,
  services: { authorize },
}) => {
  const service = createSubscriptionReportService(
    createSubscriptionReportRepository(pool),
    authorize,
  );
  return {
    name: 'subscription-report',
    routes: subscriptionReportRoutes(service, { creator: config.brand }),
  };
};
