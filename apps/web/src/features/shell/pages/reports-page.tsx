import { PlaceholderPage } from '../../../components/placeholder/placeholder-page';
import { shellPageMessages } from '../messages';
import { routeTitles } from '../../../lib/messages';

/** `/reports`: placeholder text only (spec 000 §2.1). */
export function ReportsPage() {
  return (
    <PlaceholderPage title={routeTitles.reports} text={shellPageMessages.reportsPlaceholder} />
  );
}
