import { useEffect, useMemo, useState } from 'react';
import { RECEPTIONISTS } from '../../../content/demo.ts';
import { usePagedList } from '../../../shared/hooks/usePagedList.ts';
import { settle, type Settled } from '../../../shared/settle.ts';
import { listDemoCalls, type DemoCall, type DemoCallsPage } from './demo-calls-api.ts';
import { formatCost, formatDuration, formatEndedReason, formatWhen } from './format-call.ts';
import { PublishCallForm } from './PublishCallForm.tsx';
import { PublishedSamplesList } from './PublishedSamplesList.tsx';
import { listPublishedSamples, type PublishedSampleView } from './samples-api.ts';

const message = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** An older page (of one client's calls, when picked); a 404 (the history switched off since) ends the list. */
const olderCalls =
  (clientId: string | undefined) =>
  async (after: string): Promise<DemoCallsPage> =>
    (await listDemoCalls(after, clientId)) ?? { calls: [], source: 'reports' };

type Client = NonNullable<DemoCall['client']>;
const clientLabel = (client: Client) => client.name ?? client.email ?? 'A deleted client';

/** Who made the call: a button that lists that client's calls only. */
function WhoCell({ call, onPick }: { call: DemoCall; onPick: (client: Client) => void }) {
  if (!call.client) return <>—</>;
  const client = call.client;
  return (
    <>
      <button type="button" className="demo-call-client" onClick={() => onPick(client)}>
        {clientLabel(client)}
      </button>
      {client.email && client.name && <span className="demo-call-email">{client.email}</span>}
    </>
  );
}

/**
 * 'Recent demo calls': the end-of-call reports the server stored from Vapi's webhook, newest
 * first, a page at a time (or Vapi's latest calls while none is stored). The /admin loader asks
 * the server's capabilities first (`firstPage` is undefined without a source): the panel then
 * says how to set one up.
 */
export function DemoCallsPanel({ firstPage }: { firstPage: Promise<Settled<DemoCallsPage | undefined>> }) {
  // One client's calls (picked from the list), so the owner can follow up with them.
  const [picked, setPicked] = useState<Client>();
  const first = useMemo(
    () => (picked ? settle(listDemoCalls(undefined, picked.id)) : firstPage),
    [picked, firstPage],
  );
  const fetchPage = useMemo(() => olderCalls(picked?.id), [picked]);
  const samples = usePublishedSamples();
  return (
    <CallList
      key={picked?.id ?? ''}
      firstPage={first}
      fetchPage={fetchPage}
      picked={picked}
      onPick={setPicked}
      samples={samples}
    />
  );
}

/** The published sample calls, kept in step with this screen's publishes and unpublishes. */
function usePublishedSamples() {
  const [list, setList] = useState<PublishedSampleView[]>([]);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let live = true;
    listPublishedSamples().then(
      (samples) => live && setList(samples),
      (cause: unknown) => live && setProblem(message(cause)),
    );
    return () => {
      live = false;
    };
  }, []);
  return {
    list,
    problem,
    published: (sample: PublishedSampleView) =>
      setList((old) => [...old.filter((s) => s.industry !== sample.industry), sample]),
    unpublished: (industry: PublishedSampleView['industry']) =>
      setList((old) => old.filter((s) => s.industry !== industry)),
  };
}
type Samples = ReturnType<typeof usePublishedSamples>;

function CallList({
  firstPage,
  fetchPage,
  picked,
  onPick,
  samples,
}: {
  firstPage: Promise<Settled<DemoCallsPage | undefined>>;
  fetchPage: (after: string) => Promise<DemoCallsPage>;
  picked: Client | undefined;
  onPick: (client: Client | undefined) => void;
  samples: Samples;
}) {
  const list = usePagedList({ first: firstPage, fetchPage, itemsOf: (page) => page.calls });
  const { first, items: calls, error } = list;

  if (first === undefined && !error) return null;

  return (
    <section className="demo-calls" aria-labelledby="demo-calls-title">
      <h2 id="demo-calls-title">{picked ? `Demo calls of ${clientLabel(picked)}` : 'Recent demo calls'}</h2>
      {picked && (
        <button type="button" onClick={() => onPick(undefined)}>
          Show every client&apos;s calls
        </button>
      )}
      {first === null && (
        <p className="demo-calls-note">
          Not set up yet. To see the demo&apos;s calls here, set <code>VAPI_WEBHOOK_SECRET</code> and point
          the Vapi assistant&apos;s server URL at <code>/api/vapi/events</code>, or set{' '}
          <code>VAPI_PRIVATE_KEY</code> with <code>VAPI_ASSISTANT_ID</code>.
        </p>
      )}
      {error?.at === 'first' && <p role="alert">Could not load recent demo calls: {message(error.cause)}</p>}
      {samples.problem && <p role="alert">Could not load the published sample calls: {samples.problem}</p>}
      <PublishedSamplesList samples={samples.list} onUnpublished={samples.unpublished} />
      {first?.source === 'vapi' && (
        <p className="demo-calls-note">
          No call report has arrived from Vapi yet; these are the demo assistant&apos;s latest calls from
          Vapi&apos;s API.
        </p>
      )}
      {calls?.length === 0 && <p>{picked ? 'No demo calls from this client.' : 'No demo calls yet.'}</p>}
      {calls && calls.length > 0 && (
        <>
          <div
            className="demo-calls-scroll"
            role="region"
            aria-label="Recent demo calls, scrollable"
            tabIndex={0}
          >
            <table>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Client</th>
                  <th scope="col">Receptionist</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Ended reason</th>
                  <th scope="col">Cost</th>
                  <th scope="col">Summary</th>
                  <th scope="col">Transcript</th>
                  <th scope="col">Recording</th>
                </tr>
              </thead>
              <tbody>
                {calls.map((call) => (
                  <tr key={call.id}>
                    <td>{formatWhen(call.startedAt)}</td>
                    <td>
                      <WhoCell call={call} onPick={onPick} />
                    </td>
                    <td>
                      {call.receptionist ? RECEPTIONISTS[call.receptionist].name : '—'}
                      {call.preview && <span className="demo-call-preview"> (preview)</span>}
                    </td>
                    <td>{formatDuration(call.durationSeconds)}</td>
                    <td>{formatEndedReason(call.endedReason)}</td>
                    <td>{formatCost(call.cost)}</td>
                    <td className="demo-call-summary">{call.summary || '—'}</td>
                    <td>
                      {call.transcript ? (
                        <details>
                          <summary>Show transcript</summary>
                          <pre className="demo-call-transcript">{call.transcript}</pre>
                        </details>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      {call.recordingUrl ? (
                        <>
                          <a href={call.recordingUrl} target="_blank" rel="noreferrer noopener">
                            Listen
                            <span className="visually-hidden">
                              {' '}
                              to the call of {formatWhen(call.startedAt)}
                            </span>
                          </a>
                          {samples.list.some((s) => s.callId === call.id) && (
                            <span className="demo-call-published"> (published)</span>
                          )}
                          {first?.source === 'reports' && !call.preview && (
                            <PublishCallForm call={call} onPublished={samples.published} />
                          )}
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {error?.at === 'more' && (
            <p role="alert">Could not load older demo calls: {message(error.cause)}</p>
          )}
          {list.hasMore && (
            <button type="button" onClick={() => void list.loadMore()} disabled={list.loading}>
              {list.loading ? 'Loading older calls…' : 'Show older calls'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
