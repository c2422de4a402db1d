import { Hono } from 'hono';
import type {
  AdminCapabilities,
  ConfigBody,
  DemoCapabilities,
  ReceptionistId,
} from '../../contract/api-types.ts';
import { currentUser, type ApiDeps } from '../api-context.ts';

/** The demo's three receptionists; each may have its own Vapi assistant. */
export const RECEPTIONISTS = [
  'health-clinics',
  'law-firms',
  'home-services',
] as const satisfies readonly ReceptionistId[];

/** The variable that overrides `VAPI_ASSISTANT_ID` for one receptionist. */
export const RECEPTIONIST_ENV: Record<ReceptionistId, string> = {
  'health-clinics': 'VAPI_ASSISTANT_ID_HEALTH_CLINICS',
  'law-firms': 'VAPI_ASSISTANT_ID_LAW_FIRMS',
  'home-services': 'VAPI_ASSISTANT_ID_HOME_SERVICES',
};

export interface PublicConfig {
  vapiPublicKey?: string;
  /** The default assistant of every receptionist. */
  vapiAssistantId?: string;
  /** Per-receptionist assistants (each falls back to `vapiAssistantId`). */
  receptionists?: Partial<Record<ReceptionistId, string>>;
}

/** Each receptionist with the assistant it talks through (its own, else the default); unset ones are left out. */
export function receptionistAssistants(config: PublicConfig): { id: ReceptionistId; assistantId: string }[] {
  return RECEPTIONISTS.flatMap((id) => {
    const assistantId = config.receptionists?.[id] || config.vapiAssistantId;
    return assistantId ? [{ id, assistantId }] : [];
  });
}

/** How the config route learns the admin screen's capabilities. */
export interface AdminCapabilityChecks {
  demoCalls: () => Promise<boolean>;
}

/**
 * GET /api/config: the demo's capabilities, so pages ask before they call. The Vapi public key
 * and the assistant ids go to a signed-in session only: with them anyone could start calls
 * billed to the owner, so an anonymous visitor learns whether the demo is live and nothing else.
 */
export function configRoutes(config: PublicConfig, deps: ApiDeps, checks?: AdminCapabilityChecks) {
  const receptionists = receptionistAssistants(config);
  const available = !!config.vapiPublicKey && receptionists.length > 0;
  const missing = [
    ...(config.vapiPublicKey ? [] : ['VAPI_PUBLIC_KEY']),
    ...(receptionists.length > 0 ? [] : ['VAPI_ASSISTANT_ID']),
  ];
  const keys = {
    ...(config.vapiPublicKey ? { vapiPublicKey: config.vapiPublicKey } : {}),
    ...(config.vapiAssistantId ? { vapiAssistantId: config.vapiAssistantId } : {}),
  };
  const demo: DemoCapabilities = { available, receptionists: available ? receptionists : [] };
  const anonymous: ConfigBody = { demo: { available, receptionists: [] } };

  return new Hono().get('/', async (c) => {
    // Reading the session costs nothing for anonymous visitors (no cookie, no lookup).
    const user = await currentUser(c, deps);
    if (!user || user.mustChangePassword) return c.json<ConfigBody, 200>(anonymous, 200);
    // Only an Admin learns which settings are missing and what the admin screen can show.
    if (user.role !== 'Admin') return c.json<ConfigBody, 200>({ ...keys, demo }, 200);
    const capabilities: AdminCapabilities = { demoCalls: checks ? await checks.demoCalls() : false };
    return c.json<ConfigBody, 200>({ ...keys, demo: { ...demo, missing }, admin: capabilities }, 200);
  });
}
