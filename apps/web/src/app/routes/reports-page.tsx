import { routeTitles, shellMessages } from '../messages';
import { PlaceholderPage } from './placeholder-page';

/** `/reports`: placeholder text only (spec 000 §2.1). */
export function ReportsPage() {
  return <PlaceholderPage title={routeTitles.reports} text={shellMessages.reportsPlaceholder} />;
}
