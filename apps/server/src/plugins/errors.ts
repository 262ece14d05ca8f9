import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ListQueryError, type ApiErrorBody } from '@aerie/contract';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
export class BadRequestError extends HttpError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication is required.') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, message);
  }
}
/** Also answers for objects outside the caller's accounts, so their existence does not leak. */
export class NotFoundError extends HttpError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** 429: the caller went past a limit (plugins/request-limits.ts); `Retry-After` says how long to wait. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** Runs a list query parser of the contract; a query its grammar refuses is a 400 naming the parameter. */
export function parseListOrBadRequest<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ListQueryError) throw new BadRequestError(error.message, error.field);
    throw error;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  411: 'Length Required',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: string, field?: string): ApiErrorBody {
  return {
    statusCode,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    message,
    ...(field ? { field } : {}),
  };
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request content length is invalid.',
};

/**
 * SQLSTATEs of values PostgreSQL cannot read or store: 22021 (a NUL or an invalid byte sequence
 * in text), 22P05 (an escape jsonb cannot hold, e.g. `\u0000`) and 22P02 (text a type cannot
 * read, e.g. a lone surrogate's escape in jsonb). The input guard refuses such text before any
 * handler runs (plugins/input-guard.ts); this is the backstop for a value that reaches the
 * database another way: the client's input, so 400, not 500.
 */
const UNSTORABLE_VALUE_SQLSTATES = new Set(['22021', '22P05', '22P02']);

export const UNSTORABLE_VALUE_MESSAGE =
  'The request holds a value that cannot be stored (e.g. NUL or invalid Unicode in a text).';

function isUnstorableValue(error: unknown): boolean {
  const e = error as { code?: unknown; severity?: unknown };
  return (
    typeof e.code === 'string' &&
    typeof e.severity === 'string' &&
    UNSTORABLE_VALUE_SQLSTATES.has(e.code)
  );
}

/**
 * One error shape for every API answer; client mistakes are 4xx with a
 * message naming the field, and nothing internal (stack, SQL) reaches a client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext ?? 'body';
      const path = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const field = path || (first?.params['missingProperty'] as string | undefined) || where;
      const message = `Invalid ${where}: ${field ? `${field}: ` : ''}${first?.message ?? 'invalid value'}`;
      return reply.status(400).send(errorBody(400, message, field));
    }
    if (error instanceof HttpError) {
      if (error instanceof TooManyRequestsError)
        reply.header('retry-after', error.retryAfterSeconds);
      return reply
        .status(error.statusCode)
        .send(errorBody(error.statusCode, error.message, error.field));
    }
    if (isUnstorableValue(error)) {
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send(errorBody(400, UNSTORABLE_VALUE_MESSAGE));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response did not match its schema',
      );
      return reply.status(500).send(errorBody(500, 'An unexpected error occurred.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = CLIENT_ERROR_MESSAGES[error.code] ?? error.message;
      return reply.status(status).send(errorBody(status, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'An unexpected error occurred.'));
  });
}
