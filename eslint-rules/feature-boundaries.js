// @ts-check
/**
 * Feature rooms (issue 12, CONVENTIONS §2): code in `apps/<app>/src/features/<area>/` may import
 * another area only through that area's public `index.ts`, never its internals, and never the
 * composition root (`apps/<app>/src/app/`, `apps/server/src/app.ts`). Relative import paths
 * are resolved against the importing file, so no spelling of a path slips through.
 */
import path from 'node:path';

const FEATURE = /^(.*\/apps\/[^/]+\/src)\/features\/([^/]+)(?:\/(.*))?$/;

/** @param {string} file */
function featureOf(file) {
  const m = FEATURE.exec(file.split(path.sep).join('/'));
  return m ? { root: m[1] ?? '', area: m[2] ?? '', rest: m[3] ?? '' } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import each other only through their index.ts' },
    schema: [],
    messages: {
      internals:
        "'{{source}}' reaches into the {{area}} feature's internals: import from its index.ts.",
      app: "'{{source}}' is the composition root: features never import app code.",
    },
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    /** @param {import('estree').Node} node @param {unknown} value */
    function check(node, value) {
      if (typeof value !== 'string' || !value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), value).split(path.sep).join('/');
      if (
        target === `${from.root}/app` ||
        target.startsWith(`${from.root}/app/`) ||
        /^app(\.[jt]sx?)?$/.test(target.slice(from.root.length + 1))
      ) {
        context.report({ node, messageId: 'app', data: { source: value } });
        return;
      }
      const to = featureOf(target);
      if (!to || to.root !== from.root || to.area === from.area) return;
      if (/^index(\.[jt]sx?)?$/.test(to.rest) || to.rest === '') return;
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
