import type { ConfigBody } from '../../shared/api-types.ts';
import { api, call } from '../../shared/api/index.ts';

export type Receptionist = ConfigBody['demo']['receptionists'][number];

/** What the demo can do, from `GET /api/config`. */
export type DemoSetup =
  | { available: true; publicKey: string; receptionists: Receptionist[] }
  /** `missing`: the settings the server lacks, sent to Admin sessions only. */
  | { available: false; missing?: string[] };

/** The demo's capabilities, as `GET /api/config` reports them. */
export async function fetchDemoSetup(): Promise<DemoSetup> {
  const { vapiPublicKey, demo } = await call(api.config.$get());
  const missing = demo?.missing ? { missing: demo.missing } : {};
  if (!vapiPublicKey || !demo?.available || demo.receptionists.length === 0)
    return { available: false, ...missing };
  return { available: true, publicKey: vapiPublicKey, receptionists: demo.receptionists };
}
