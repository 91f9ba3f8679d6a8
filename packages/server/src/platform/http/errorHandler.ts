/** Maps every failure to a JSON problem: 4xx with a message for bad input, 500 without internals. */
import { type FieldError, MESSAGES } from '@ferrite/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { clientFaultOf } from './databaseErrors';
import { HttpProblem } from './problem';
import { authorizationFailure } from './readAhead';

interface ProblemBody {
  title: string;
  detail: string;
  status: number;
  errors?: FieldError[];
}

function send(reply: FastifyReply, body: ProblemBody, headers: Record<string, string> = {}) {
  return reply.status(body.status).headers(headers).type('application/json').send(body);
}

const REQUEST_PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function validationErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const part = REQUEST_PART_NAMES[error.validationContext ?? 'body'] ?? 'body';
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { path: path ? `${part}.${path}` : part, message: issue.message ?? 'Invalid value' };
  });
}

// Fastify's own client errors, mapped to the wording users see.
const CLIENT_ERROR_TITLES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Empty JSON body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
};

/** Installs the error and not-found handlers for the API. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (failure: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const error = ((await authorizationFailure(request)) ?? failure) as FastifyError;
    if (error instanceof HttpProblem) {
      return send(
        reply,
        { title: error.title, detail: error.detail, status: error.status, errors: error.errors },
        error.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error);
      const detail = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
      return send(reply, { title: 'Invalid request', detail, status: 400, errors });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return send(reply, {
        title: 'Malformed JSON',
        detail: 'The request body is not valid JSON',
        status: 400,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const title = (error.code && CLIENT_ERROR_TITLES[error.code]) ?? 'Invalid request';
      return send(reply, { title, detail: error.message, status });
    }
    const clientFault = clientFaultOf(error);
    if (clientFault) {
      // Logged still: a refusal the contracts should have caught names the field to add a rule for.
      request.log.warn({ err: error }, 'database refused a value of the request');
      return send(reply, { title: 'Invalid request', detail: clientFault, status: 400 });
    }
    request.log.error({ err: error }, 'request failed');
    // The issue names the long sentence as the title; the short one is the hint beneath it.
    return send(reply, { title: MESSAGES.serverErrorDetail, detail: MESSAGES.serverErrorTitle, status: 500 });
  });
}

/** The JSON 404 for an unknown API route. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return send(reply, { title: 'Not found', detail: `No API route ${request.method} ${path}`, status: 404 });
}
