// @ts-check
/**
 * Feature rooms (issue 12, CONVENTIONS §2): any code in `apps/<app>/src/` (features, the
 * composition root, plugins, identity, simulators, components, tests) may import a feature area
 * only through that area's public `index.ts`, never its internals; only the area's own files
 * reach inside it. The one other door: the web composition root (`app/`) reads each feature's
 * page declarations, `pages.ts` (lazy pages, kept out of `index.ts` so that importing a feature
 * stays cheap). Features also never import the composition root (`apps/<app>/src/app/`,
 * `apps/server/src/app.ts`). Relative import paths are resolved against the importing file, so
 * no spelling of a path slips through.
 */
import path from 'node:path';

const SOURCE = /^(.*\/apps\/[^/]+\/src)(?:\/(.*))?$/;
const FEATURE = /^features\/([^/]+)(?:\/(.*))?$/;
const INDEX = /^index(\.[jt]sx?)?$/;
/** A web feature's page declarations (lazy pages): read by the composition root only. */
const PAGES = /^pages(\.[jt]sx?)?$/;

/**
 * The app's source root and, for a file or folder inside `features/<area>/`, its area and the
 * path below it. Files directly in `features/` (the list, shared types) belong to no area.
 * @param {string} file
 */
function locate(file) {
  const m = SOURCE.exec(file.split(path.sep).join('/'));
  if (!m) return null;
  const root = m[1] ?? '';
  const inRoot = m[2] ?? '';
  const f = FEATURE.exec(inRoot);
  const area = f && f[2] !== undefined ? (f[1] ?? null) : null;
  return { root, inRoot, area, rest: f?.[2] ?? '' };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Feature areas are imported only through their index.ts' },
    schema: [],
    messages: {
      internals:
        "'{{source}}' reaches into the {{area}} feature's internals: import from its index.ts.",
      app: "'{{source}}' is the composition root: features never import app code.",
    },
  },
  create(context) {
    const from = locate(context.filename);
    if (!from) return {};
    /** @param {import('estree').Node} node @param {unknown} value */
    function check(node, value) {
      if (typeof value !== 'string' || !value.startsWith('.') || !from) return;
      const target = path.resolve(path.dirname(context.filename), value).split(path.sep).join('/');
      const to = locate(target);
      if (!to || to.root !== from.root) return;
      if (from.area !== null && /^app(\/|(\.[jt]sx?)?$)/.test(to.inRoot)) {
        context.report({ node, messageId: 'app', data: { source: value } });
        return;
      }
      if (to.area === null || to.area === from.area || INDEX.test(to.rest)) return;
      if (from.area === null && /^app\//.test(from.inRoot) && PAGES.test(to.rest)) return;
      context.report({ node, messageId: 'internals', data: { source: value, area: to.area } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'feature-boundaries': rule } };
