import type { PublishedSampleView, ReceptionistId } from '../../../../contract/api-types.ts';
import { api, call, segment } from '../../../shared/api/index.ts';

export type { PublishedSampleView } from '../../../../contract/api-types.ts';

/** The real calls published as industry samples. */
export async function listPublishedSamples(): Promise<PublishedSampleView[]> {
  const { samples } = await call(api.admin.samples.$get());
  return samples;
}

/** Publishes a stored demo call's recording as the industry's sample; `consent`: the owner's tick. */
export function publishSample(callId: string, industry: ReceptionistId): Promise<PublishedSampleView> {
  return call(api.admin.samples.$post({ json: { callId, industry, consent: true } }));
}

/** The industry page plays its synthesised call again. */
export async function unpublishSample(industry: ReceptionistId): Promise<void> {
  await call(api.admin.samples[':industry'].$delete({ param: { industry: segment(industry) } }));
}
