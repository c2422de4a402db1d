import { useId, useState, type SubmitEvent } from 'react';
import { RECEPTIONISTS } from '../../../content/demo.ts';
import type { ReceptionistId } from '../../../../contract/api-types.ts';
import type { DemoCall } from './demo-calls-api.ts';
import { publishSample, type PublishedSampleView } from './samples-api.ts';

const INDUSTRIES = Object.keys(RECEPTIONISTS) as ReceptionistId[];
const message = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * "Publish as the <industry> sample" for one call with a recording: the owner picks the page
 * (the receptionist the client tried, by default) and ticks that the caller agreed; the server
 * keeps its own copy of the recording and records who ticked, and when.
 */
export function PublishCallForm({
  call,
  onPublished,
}: {
  call: DemoCall;
  onPublished: (sample: PublishedSampleView) => void;
}) {
  const [industry, setIndustry] = useState<ReceptionistId>(call.receptionist ?? 'health-clinics');
  const [consent, setConsent] = useState(false);
  const [state, setState] = useState<{ sending: boolean; problem?: string; done?: boolean }>({
    sending: false,
  });
  const id = useId();
  const name = RECEPTIONISTS[industry].name.toLowerCase();

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!consent) {
      setState({ sending: false, problem: 'Tick that the caller agreed first.' });
      return;
    }
    setState({ sending: true });
    try {
      onPublished(await publishSample(call.id, industry));
      setState({ sending: false, done: true });
    } catch (cause) {
      setState({ sending: false, problem: message(cause) });
    }
  };

  return (
    <details className="publish-call">
      <summary>Publish…</summary>
      <form onSubmit={(event) => void submit(event)} aria-describedby={`${id}-status`}>
        <label>
          Industry page
          <select value={industry} onChange={(event) => setIndustry(event.target.value as ReceptionistId)}>
            {INDUSTRIES.map((key) => (
              <option key={key} value={key}>
                {RECEPTIONISTS[key].name}
              </option>
            ))}
          </select>
        </label>
        <label className="publish-call__consent">
          <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
          The caller agreed to have this call published on the site
        </label>
        <button type="submit" disabled={state.sending}>
          {state.sending ? 'Publishing…' : `Publish as the ${name} sample`}
        </button>
        <p id={`${id}-status`} role={state.problem ? 'alert' : 'status'}>
          {state.problem ?? (state.done ? `Published: the ${name} page now plays this call.` : '')}
        </p>
      </form>
    </details>
  );
}
