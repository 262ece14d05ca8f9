import type { FastifyInstance } from 'fastify';
import { findInputProblem, inputProblemMessage, REQUEST_MAX_DEPTH } from '@aerie/contract';
import { BadRequestError } from './errors.js';

/** A path for the answer: bad characters shown escaped (NUL) or replaced (lone surrogates). */
function fieldOf(path: readonly (string | number)[]): string {
  return path
    .map(String)
    .join('.')
    .replaceAll('\u0000', '\\u0000')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * Refuses, on every route of the scope, what no schema should have to think about: text
 * PostgreSQL cannot store (NUL, lone UTF-16 surrogates) in any string or object key of the
 * params, query or body, and objects or arrays nested deeper than REQUEST_MAX_DEPTH. 400
 * naming the field, before the route's schema runs (a schema may recurse; the check does not).
 * The error handler maps PostgreSQL's own refusals (22021, 22P05) to 400 as a backstop.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const;
    for (const [where, value] of parts) {
      const problem = findInputProblem(value);
      if (!problem) continue;
      // Deep nesting is named by its top-level field: the full path would be the nesting itself.
      const path = problem.kind === 'depth' ? problem.path.slice(0, 1) : problem.path;
      const field = fieldOf(path) || where;
      const message = inputProblemMessage(problem, REQUEST_MAX_DEPTH);
      throw new BadRequestError(`Invalid ${where}: ${field}: ${message}`, field);
    }
  });
}
