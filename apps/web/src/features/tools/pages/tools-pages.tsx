import { Navigate } from '@tanstack/react-router';
import { routePath } from '../../../lib/route-paths';
import { OptionsFileValidator } from '../components/options-file-validator';
import { ToolsFrame } from '../components/tools-frame';

/** `/tools` opens its first tab, the Options File Validator (spec 000 §2.1). */
export function ToolsPage() {
  return <Navigate to={routePath('optionsFileValidator')} replace />;
}

/** `/tools/optionsFileValidator` (spec 001 §2 Tools), for every signed-in user. */
export function OptionsFileValidatorPage() {
  return (
    <ToolsFrame tool="optionsFileValidator">
      <OptionsFileValidator />
    </ToolsFrame>
  );
}
