import type { ReceptionistId } from '../../content/demo.ts';
import { apiRequest } from '../../shared/session/index.ts';

export interface Receptionist {
  id: ReceptionistId;
  assistantId: string;
}

/** What the demo can do, from `GET /api/config`. */
export type DemoSetup =
  | { available: true; publicKey: string; receptionists: Receptionist[] }
  /** `missing`: the settings the server lacks, sent to Admin sessions only. */
  | { available: false; missing?: string[] };

interface PublicConfig {
  vapiPublicKey?: unknown;
  vapiAssistantId?: unknown;
  demo?: { available?: unknown; receptionists?: unknown; missing?: unknown };
}

const IDS: readonly ReceptionistId[] = ['health-clinics', 'law-firms', 'home-services'];
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function receptionistsOf(value: unknown): Receptionist[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: { id?: unknown; assistantId?: unknown }) =>
    IDS.includes(item?.id as ReceptionistId) && nonEmpty(item.assistantId)
      ? [{ id: item.id as ReceptionistId, assistantId: item.assistantId }]
      : [],
  );
}

/** The demo's capabilities; a server without the `demo` block offers every receptionist on the one assistant. */
export async function fetchDemoSetup(): Promise<DemoSetup> {
  const config = await apiRequest<PublicConfig>('/api/config');
  const missing = Array.isArray(config?.demo?.missing)
    ? config.demo.missing.filter((name): name is string => typeof name === 'string')
    : undefined;
  if (!nonEmpty(config?.vapiPublicKey)) return { available: false, ...(missing ? { missing } : {}) };
  const receptionists = config.demo
    ? receptionistsOf(config.demo.receptionists)
    : nonEmpty(config.vapiAssistantId)
      ? IDS.map((id) => ({ id, assistantId: config.vapiAssistantId as string }))
      : [];
  if (receptionists.length === 0) return { available: false, ...(missing ? { missing } : {}) };
  return { available: true, publicKey: config.vapiPublicKey, receptionists };
}
