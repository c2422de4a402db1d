import type { CallReportStore, PublishedSampleInfo, PublishedSampleStore } from '@voxdesk/auth';
import { Hono } from 'hono';
import { z } from 'zod';
import type {
  ApiErrorBody,
  PublishedSamplesList,
  PublishedSampleView,
  ReceptionistId,
} from '../../contract/api-types.ts';
import { requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import { downloadRecording, RecordingDownloadError } from '../recording-download.ts';
import { jsonInput } from '../route-input.ts';
import { publishedTranscript } from '../sample-transcript.ts';
import { RECEPTIONISTS } from './config.ts';

export interface PublishedSampleOptions {
  reports: CallReportStore;
  samples: PublishedSampleStore;
  now: () => number;
  /** After a publish or an unpublish: the pages show the change (live-pages.ts). */
  onChange: () => Promise<void>;
  /** The download's cap and time limit (defaults in recording-download.ts). */
  download?: { maxBytes?: number; timeoutMs?: number };
}

export const CONSENT_REQUIRED =
  'Tick that the caller agreed to have this call published before publishing it.';
export const NO_SUCH_CALL = 'There is no stored demo call with that id. Reload the list and try again.';
export const PREVIEW_NOT_PUBLISHABLE =
  'A preview call plays the synthesised sample; only a real call with a recording can be published.';
export const NO_RECORDING =
  'This call has no recording. Turn on recording in the assistant (artifactPlan) and make a new call.';
export const NO_TIMED_TRANSCRIPT =
  'This call’s report has no timed transcript (artifact.messages), so its words could not follow the audio.';

const industryField = z.enum(RECEPTIONISTS, {
  error: `industry must be one of ${RECEPTIONISTS.join(', ')}`,
});

const publishSchema = z.object({
  callId: z
    .string({ error: 'callId is required' })
    .regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'callId is not a call id from this site'),
  industry: industryField,
  // The owner's tick: recorded with who ticked it and when.
  consent: z.literal(true, { error: CONSENT_REQUIRED }),
});

export const toSampleView = (sample: PublishedSampleInfo): PublishedSampleView => ({
  industry: sample.industry as ReceptionistId,
  callId: sample.callId,
  contentType: sample.contentType,
  bytes: sample.bytes,
  consentBy: sample.consentBy,
  consentAt: sample.consentAt,
  publishedAt: sample.publishedAt,
});

/**
 * /api/admin/samples (Admins): real demo calls published as an industry page's sample.
 * POST downloads the call's recording (the server keeps its own copy, capped) with its timed
 * transcript as WebVTT, and records who confirmed the caller's consent; DELETE /:industry
 * unpublishes, so the page plays the synthesised call again.
 */
export function publishedSampleRoutes(deps: ApiDeps, options: PublishedSampleOptions) {
  const { reports, samples, now } = options;
  return new Hono<ApiEnv>()
    .use(requireUser(deps, 'Admin'))
    .get('/', async (c) =>
      c.json<PublishedSamplesList, 200>(
        { samples: (await samples.listPublishedSamples()).map(toSampleView) },
        200,
      ),
    )
    .post('/', jsonInput(publishSchema), async (c) => {
      const { callId, industry } = c.req.valid('json');
      const report = await reports.findCallReport(callId);
      if (!report) return c.json<ApiErrorBody, 404>({ error: NO_SUCH_CALL }, 404);
      if (report.preview) return c.json<ApiErrorBody, 409>({ error: PREVIEW_NOT_PUBLISHABLE }, 409);
      if (!report.recordingUrl) return c.json<ApiErrorBody, 409>({ error: NO_RECORDING }, 409);
      if (!report.turns?.length) return c.json<ApiErrorBody, 409>({ error: NO_TIMED_TRANSCRIPT }, 409);
      const consentAt = now();
      let recording: Awaited<ReturnType<typeof downloadRecording>>;
      try {
        recording = await downloadRecording(report.recordingUrl, options.download);
      } catch (error) {
        if (!(error instanceof RecordingDownloadError)) throw error;
        return c.json<ApiErrorBody, 400 | 413 | 415 | 502 | 504>({ error: error.message }, error.status);
      }
      const user = c.get('user');
      const sample = {
        industry,
        callId,
        contentType: recording.contentType,
        bytes: recording.audio.byteLength,
        consentBy: { id: user.id, name: user.name },
        consentAt,
        publishedAt: now(),
      };
      await samples.publishSample({
        ...sample,
        audio: recording.audio,
        vtt: publishedTranscript(report.turns),
      });
      await options.onChange();
      return c.json<PublishedSampleView, 201>(toSampleView(sample), 201);
    })
    .delete('/:industry', async (c) => {
      const industry = industryField.safeParse(c.req.param('industry'));
      if (!industry.success) {
        return c.json<ApiErrorBody, 400>(
          { error: industry.error.issues[0]!.message, field: 'industry' },
          400,
        );
      }
      if (!(await samples.unpublishSample(industry.data))) {
        return c.json<ApiErrorBody, 404>({ error: 'No call is published for that industry.' }, 404);
      }
      await options.onChange();
      return c.json<{ unpublished: ReceptionistId }, 200>({ unpublished: industry.data }, 200);
    });
}
