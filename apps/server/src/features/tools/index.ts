import type { FeatureFactory } from '../feature.js';
import { toolsRoutes } from './tools.routes.js';
import { createToolsService } from './tools.service.js';

/** The Tools page's calls: the Options File Validator (spec 001 §2 Tools). */
export const createToolsFeature: FeatureFactory<never> = () => ({
  name: 'tools',
  routes: toolsRoutes(createToolsService()),
});
