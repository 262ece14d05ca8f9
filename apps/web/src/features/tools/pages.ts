import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/** The Tools page (spec 001 §2 Tools): its first tab, the Options File Validator. */
export const toolsPages = definePages({
  tools: { component: lazyRouteComponent(() => import('./pages/tools-pages'), 'ToolsPage') },
  optionsFileValidator: {
    component: lazyRouteComponent(() => import('./pages/tools-pages'), 'OptionsFileValidatorPage'),
  },
});
