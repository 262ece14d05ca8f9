import { Navigate } from '@tanstack/react-router';
import { routePath } from '../../../lib/route-paths';

/** `/resources` opens its topics (spec 002: "'' redirects to documentationTopics"). */
export function ResourcesPage() {
  return <Navigate to={routePath('documentationTopics')} replace />;
}
