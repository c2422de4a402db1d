import type { ConfigBody } from '../../../contract/api-types.ts';
import { api, call } from '../../shared/api/index.ts';
import { RECEPTIONISTS, type ReceptionistId } from '../../content/demo.ts';

/** A receptionist to call; a live one talks through its Vapi assistant. */
export interface Receptionist {
  id: ReceptionistId;
  assistantId?: string;
}

/**
 * What the demo can do, from `GET /api/config`: a live call through Vapi, or (no keys) a
 * preview that plays each receptionist's sample call through the same call card.
 */
export type DemoSetup =
  | { mode: 'live'; publicKey: string; receptionists: Receptionist[] }
  /** `missing`: the settings that would make it live, sent to Admin sessions only. */
  | { mode: 'preview'; receptionists: Receptionist[]; missing?: string[] };

type ConfigReceptionist = ConfigBody['demo']['receptionists'][number];

/** The demo's capabilities, as `GET /api/config` reports them. */
export async function fetchDemoSetup(): Promise<DemoSetup> {
  const { vapiPublicKey, demo } = await call(api.config.$get());
  const live: ConfigReceptionist[] = demo?.receptionists ?? [];
  if (vapiPublicKey && demo?.available && live.length > 0)
    return { mode: 'live', publicKey: vapiPublicKey, receptionists: live };
  const ids = Object.keys(RECEPTIONISTS) as ReceptionistId[];
  return {
    mode: 'preview',
    receptionists: ids.map((id) => ({ id })),
    ...(demo?.missing ? { missing: demo.missing } : {}),
  };
}
