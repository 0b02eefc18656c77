// Every failure leaves in the error envelope, with the right status and the parameter it concerns.
// Unexpected errors are logged with the request id and answered 500 with no internals in the body.
import type { FastifyError, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { errorEnvelope } from './envelope.ts';
import { ApiError, ErrorCode, type ErrorItem } from './errors.ts';
import type { App } from './fastify-types.ts';
import type { RouteRegistry } from './route-registry.ts';
import { isDatabaseUnavailable, isStatementTimeout } from '../db/unavailable.ts';
import { undecodablePart } from './url-parts.ts';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** "/scenarios/0/masterTariffId" -> "scenarios[0].masterTariffId" */
function propertyPath(instancePath: string, missing?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missing) parts.push(missing);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

function valueAt(source: unknown, instancePath: string): unknown {
  let cur: unknown = source;
  for (const p of instancePath.split('/').filter(Boolean)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

function rawValue(request: FastifyRequest, context: string | undefined, instancePath: string): unknown {
  const source =
    context === 'body'
      ? request.body
      : context === 'params'
        ? request.params
        : context === 'headers'
          ? request.headers
          : request.query;
  const value = valueAt(source, instancePath);
  // Query parameters are arrays after coercion; show what the client sent.
  return Array.isArray(value) && value.length === 1 ? value[0] : value;
}

/** Longest propertyValue echoed back: a rejected value may be a whole series. */
const MAX_SHOWN = 1000;

/** The rejected value as the error shows it: text as sent, anything else as JSON, cut to MAX_SHOWN characters. */
function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    // Nested deeper than JSON.stringify can follow.
    return '(too deeply nested to show)';
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}...` : text;
}

function validationItem(request: FastifyRequest, error: FastifyError): ErrorItem {
  const first = (error.validation as unknown as AjvError[])[0]!;
  const context = error.validationContext;
  const missing = first.keyword === 'required' ? String(first.params.missingProperty) : undefined;
  const name = propertyPath(first.instancePath, missing) || context || 'request';
  if (missing) {
    return {
      code: ErrorCode.MissingArgument,
      message: `${name} is required`,
      objectName: null,
      propertyName: name,
      propertyValue: null,
    };
  }
  const value = rawValue(request, context, first.instancePath);
  const allowed = first.keyword === 'enum' ? `: one of ${(first.params.allowedValues as unknown[]).join(', ')}` : '';
  return {
    code: ErrorCode.InvalidArgument,
    message: `${name} ${first.message ?? 'is not valid'}${allowed}`,
    objectName: null,
    propertyName: name,
    propertyValue: shown(value),
  };
}

/** Seconds a client should wait before trying again after a 503: a restart or a lock held by an import is brief. */
export const RETRY_AFTER_SECONDS = 2;

function unavailable(what: string): { status: number; item: ErrorItem; headers: Record<string, string> } {
  return {
    status: 503,
    item: item(ErrorCode.ServiceUnavailable, `${what}; retry in ${RETRY_AFTER_SECONDS} s`),
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  };
}

const item = (code: ErrorCode, message: string): ErrorItem => ({
  code,
  message,
  objectName: null,
  propertyName: null,
  propertyValue: null,
});

function classify(
  request: FastifyRequest,
  error: FastifyError,
): { status: number; item: ErrorItem; headers?: Record<string, string> } | null {
  if (error.validation) return { status: 400, item: validationItem(request, error) };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        item: item(ErrorCode.PayloadTooLarge, 'The request body is larger than this server accepts'),
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        item: {
          ...item(ErrorCode.UnsupportedMediaType, 'Send the body as application/json'),
          propertyName: 'Content-Type',
          propertyValue: request.headers['content-type'] ?? null,
        },
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, item: { ...item(ErrorCode.InvalidJson, 'The JSON body is empty'), propertyName: 'body' } };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, item: item(ErrorCode.InvalidArgument, 'Content-Length does not match the body') };
  }
  // PostgreSQL's regular expressions (POSIX ARE) refuse some patterns JavaScript accepts, such as named groups;
  // `search` with isRegex=true is the only regex input.
  if ((error as { code?: string }).code === '2201B') {
    const value = (request.query as { search?: string } | undefined)?.search ?? null;
    return {
      status: 400,
      item: {
        ...item(ErrorCode.InvalidArgument, `search is not a regular expression PostgreSQL accepts: ${error.message}`),
        propertyName: 'search',
        propertyValue: value,
      },
    };
  }
  if (isStatementTimeout(error)) {
    const search = (request.query as { search?: string; isRegex?: unknown } | undefined) ?? {};
    // The one input that can make a statement run long is a regular expression; anything else is the database's load.
    if (search.isRegex === true && search.search !== undefined) {
      return {
        status: 400,
        item: {
          ...item(ErrorCode.InvalidArgument, 'search is a regular expression too costly to match; simplify it'),
          propertyName: 'search',
          propertyValue: search.search,
        },
      };
    }
    return unavailable('The database took too long to answer');
  }
  if (isDatabaseUnavailable(error))
    return unavailable('The database is not answering (restarting, away or busy with another process)');
  // JSON.parse failures from Fastify's body parser carry status 400 and a SyntaxError.
  if (error.statusCode === 400 && (error instanceof SyntaxError || /JSON/i.test(error.message))) {
    return {
      status: 400,
      item: { ...item(ErrorCode.InvalidJson, `The body is not valid JSON: ${error.message}`), propertyName: 'body' },
    };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, item: item(ErrorCode.InvalidArgument, error.message) };
  }
  return null;
}

/**
 * Fastify's own refusals before a route is found (`frameworkErrors`): a URL it cannot decode, or a path parameter
 * longer than the router takes. Both are a 400 in the envelope naming the part of the URL at fault.
 */
export function onFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const rawUrl = request.raw.url ?? '';
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    const part = undecodablePart(rawUrl) ?? { name: 'path', value: rawUrl };
    void reply.code(400).send(
      errorEnvelope([
        {
          ...item(ErrorCode.InvalidArgument, `${part.name} is not valid percent-encoded UTF-8`),
          propertyName: part.name,
          propertyValue: shown(part.value),
        },
      ]),
    );
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const path = rawUrl.split('?')[0]!;
    void reply.code(400).send(
      errorEnvelope([
        {
          ...item(
            ErrorCode.InvalidArgument,
            'A path parameter is longer than 100 characters, more than any id or name Ratebook has',
          ),
          propertyName: 'path',
          propertyValue: shown(path),
        },
      ]),
    );
    return;
  }
  request.log.error({ err: error }, 'framework error');
  void reply.code(400).send(
    errorEnvelope([
      {
        ...item(ErrorCode.InvalidArgument, 'The request could not be routed'),
        propertyName: 'path',
        propertyValue: shown(rawUrl.split('?')[0]),
      },
    ]),
  );
}

/** `authenticate` runs before the not-found handler: an unknown path asks for credentials before saying it is unknown. */
export function registerErrorHandling(app: App, registry: RouteRegistry, authenticate: onRequestHookHandler): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(errorEnvelope([error.item]));
    }
    const known = classify(request, error);
    if (known) {
      if (known.status === 503) request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(known.status)
        .headers(known.headers ?? {})
        .send(errorEnvelope([known.item]));
    }
    // Anything else is a defect of Ratebook's: log it fully, tell the client only how to report it.
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply
      .code(500)
      .send(
        errorEnvelope([
          item(
            ErrorCode.ServerError,
            `The server could not fulfil the request; quote request id ${request.id} when reporting it`,
          ),
        ]),
      );
  });

  // Fastify runs a not-found handler's own onRequest hooks, though its types list only preValidation and preHandler.
  app.setNotFoundHandler({ onRequest: authenticate } as never, (request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = registry.methodsFor(path);
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(
          errorEnvelope([
            {
              ...item(
                ErrorCode.MethodNotAllowed,
                `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`,
              ),
              propertyName: 'method',
              propertyValue: request.method,
            },
          ]),
        );
    }
    return reply.code(404).send(
      errorEnvelope([
        {
          ...item(ErrorCode.RouteNotFound, `No operation at ${request.method} ${path}`),
          propertyName: 'path',
          propertyValue: path,
        },
      ]),
    );
  });
}
