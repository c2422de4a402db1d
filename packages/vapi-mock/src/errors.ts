/**
 * Vapi's error bodies (NestJS): `{ message, error, statusCode }`, where `message` is a
 * string, or a list of strings for validation failures.
 */
export interface VapiErrorBody {
  message: string | string[];
  error: string;
  statusCode: number;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

export function errorBody(status: number, message: string | string[]): VapiErrorBody {
  return { message, error: reasonPhrase(status), statusCode: status };
}

export function errorResponse(
  status: number,
  message: string | string[],
  headers?: Record<string, string>,
): Response {
  return Response.json(errorBody(status, message), { status, headers });
}

/** What Vapi answers for a bad or missing API key. */
export const INVALID_KEY_MESSAGE =
  'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.';

/** A known route with an id that does not exist. */
export function notFound(resource: string): Response {
  return errorResponse(404, `${resource} not found`);
}

/** An unknown route, worded like NestJS's router. */
export function cannotRoute(method: string, pathname: string): Response {
  return errorResponse(404, `Cannot ${method} ${pathname}`);
}
