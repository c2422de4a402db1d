import { Vapi } from '@voxdesk/sdk';
import { secondsBetween } from './call-report.ts';
import type { DemoCall } from '../contract/api-types.ts';
import type { DemoCallsSource } from './routes/demo-calls.ts';

type ListedCall = Awaited<ReturnType<Vapi['calls']['list']>>[number];

export function toDemoCall(call: ListedCall): DemoCall {
  const startedAt = call.startedAt ?? null;
  const endedAt = call.endedAt ?? null;
  return {
    id: call.id,
    startedAt,
    endedAt,
    durationSeconds: secondsBetween(startedAt, endedAt),
    endedReason: call.endedReason ?? null,
    cost: call.cost ?? null,
    summary: call.analysis?.summary ?? null,
    transcript: call.artifact?.transcript ?? '',
  };
}

/**
 * The latest 20 calls of the demo assistant through `@voxdesk/sdk`, the admin panel's fallback
 * while no end-of-call report is stored; undefined unless both VAPI_PRIVATE_KEY and
 * VAPI_ASSISTANT_ID are set.
 */
export function vapiDemoCalls(options: {
  privateKey?: string;
  assistantId?: string;
  baseUrl?: string;
}): DemoCallsSource | undefined {
  const { privateKey, assistantId, baseUrl } = options;
  if (!privateKey || !assistantId) return undefined;
  const vapi = new Vapi({ token: privateKey, ...(baseUrl ? { baseUrl } : {}) });
  return {
    async recent() {
      const calls = await vapi.calls.list({ assistantId, limit: 20 });
      return calls.map(toDemoCall);
    },
  };
}
