import { Hono } from 'hono';

export interface PublicConfig {
  vapiPublicKey?: string;
  vapiAssistantId?: string;
}

/** GET /api/config: the browser's runtime settings (both public by design; either may be absent). */
export function configRoutes(config: PublicConfig) {
  const body: PublicConfig = {
    ...(config.vapiPublicKey ? { vapiPublicKey: config.vapiPublicKey } : {}),
    ...(config.vapiAssistantId ? { vapiAssistantId: config.vapiAssistantId } : {}),
  };
  return new Hono().get('/', (c) => c.json(body));
}
