/**
 * A call's live control URL (`call.monitor.controlUrl`): Vapi serves it on a separate host
 * (`phone-call-websocket…`), the fake on its own origin under `/__monitor/<callId>/control`.
 * It takes no API key: only a public key, and only when the assistant's
 * `monitorPlan.controlAuthenticationEnabled` is on (Vapi's OpenAPI document).
 */
import { readBody } from '../body.ts';
import type { RouteArgs, RouteDef } from '../context.ts';
import { errorResponse } from '../errors.ts';

export const monitorRoutes: RouteDef[] = [
  { method: 'POST', path: '/__monitor/{id}/control', auth: false, handler: control },
];

async function control(args: RouteArgs): Promise<Response> {
  const record = args.fake.state.calls.get(args.params.id ?? '');
  if (!record || !(record.monitor as { controlUrl?: string } | undefined)?.controlUrl)
    return errorResponse(404, 'Call not found or not live.');
  const denied = args.fake.calls.controlAuthProblem(record, args.request.headers.get('authorization'));
  if (denied) return errorResponse(401, denied);
  const parsed = await readBody(args.request);
  if (!parsed.ok) return parsed.response;
  const outcome = args.fake.calls.control(record, parsed.value);
  if (!outcome.ok) return errorResponse(outcome.status, outcome.message);
  return Response.json({ success: true });
}
