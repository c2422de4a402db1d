import { useState } from 'react';
import { RECEPTIONISTS } from '../../../content/demo.ts';
import { formatWhen } from './format-call.ts';
import { unpublishSample, type PublishedSampleView } from './samples-api.ts';

const message = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The real calls the industry pages play, with who confirmed consent; Unpublish restores the synthesised call. */
export function PublishedSamplesList({
  samples,
  onUnpublished,
}: {
  samples: PublishedSampleView[];
  onUnpublished: (industry: PublishedSampleView['industry']) => void;
}) {
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<string>();
  if (samples.length === 0) return null;

  const unpublish = async (industry: PublishedSampleView['industry']) => {
    setBusy(industry);
    setProblem(undefined);
    try {
      await unpublishSample(industry);
      onUnpublished(industry);
    } catch (cause) {
      setProblem(message(cause));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="published-samples" aria-labelledby="published-samples-title">
      <h3 id="published-samples-title">Published sample calls</h3>
      {problem && <p role="alert">Could not unpublish: {problem}</p>}
      <ul>
        {samples.map((sample) => (
          <li key={sample.industry}>
            <a href={`/industries/${sample.industry}`}>{RECEPTIONISTS[sample.industry].name}</a>: call{' '}
            <code>{sample.callId}</code> ({size(sample.bytes)}), consent confirmed by {sample.consentBy.name}{' '}
            on {formatWhen(new Date(sample.consentAt).toISOString())}.{' '}
            <button
              type="button"
              disabled={busy === sample.industry}
              onClick={() => void unpublish(sample.industry)}
            >
              Unpublish
              <span className="visually-hidden"> the {RECEPTIONISTS[sample.industry].name} sample</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
