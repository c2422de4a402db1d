/**
 * CORS as Vapi's API (NestJS `enableCors()` defaults) answers it: any origin, preflights
 * answered 204. Browsers talk to Vapi directly (`@vapi-ai/web` POSTs /call/web), so a
 * browser test pointed at the loopback fake needs this too.
 */
const ALLOWED_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE';

/** The answer to a CORS preflight, or undefined for any other request. */
export function preflight(request: Request): Response | undefined {
  if (request.method !== 'OPTIONS' || !request.headers.has('access-control-request-method')) return undefined;
  const headers = new Headers({
    'access-control-allow-origin': '*',
    'access-control-allow-methods': ALLOWED_METHODS,
    vary: 'Access-Control-Request-Headers',
    'content-length': '0',
  });
  const requested = request.headers.get('access-control-request-headers');
  if (requested) headers.set('access-control-allow-headers', requested);
  return new Response(null, { status: 204, headers });
}

export function allowAnyOrigin(response: Response): Response {
  response.headers.set('access-control-allow-origin', '*');
  return response;
}
