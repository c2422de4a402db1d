import { apiRequest } from '../../shared/session/index.ts';

/** What the demo needs from `GET /api/config`; both values are set by the server's env. */
export interface DemoConfig {
  publicKey: string;
  assistantId: string;
}

interface PublicConfig {
  vapiPublicKey?: unknown;
  vapiAssistantId?: unknown;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The Vapi public key and demo assistant id, or undefined when either is not configured. */
export async function fetchDemoConfig(): Promise<DemoConfig | undefined> {
  const config = await apiRequest<PublicConfig>('/api/config');
  if (!nonEmpty(config?.vapiPublicKey) || !nonEmpty(config.vapiAssistantId)) return undefined;
  return { publicKey: config.vapiPublicKey, assistantId: config.vapiAssistantId };
}
