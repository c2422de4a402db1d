import { useEffect, useEffectEvent, useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import { ApiError } from '../../shared/api/index.ts';
import type { LeadActionResult } from './lead-actions.ts';
import type { LeadsData } from './leads-loader.ts';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import {
  LEAD_STATUSES,
  LEADS_CSV_URL,
  listLeads,
  type Lead,
  type LeadPage,
  type LeadStatus,
} from './leads-api.ts';

const LANGUAGES: Record<Lead['language'], string> = { en: 'English', sq: 'Albanian' };
const STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };

/** The slot as the visitor chose it: in their time zone, which is named. */
const slotText = (lead: Lead) => formatDateTime(lead.slot, { timeZone: lead.timeZone, showZone: true });

const leadsOf = (page: LeadPage) => page.leads;

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * A lead's status, changed through the route action. The choice shows at once (the submission
 * in flight), then the stored one; a refusal shows the status as it was. One change at a time:
 * a choice made while one is being stored waits and goes next (the latest wins), since two
 * PATCHes in flight could reach the server in either order.
 */
function LeadStatusSelect({ lead, onAnswer }: { lead: Lead; onAnswer(answer: LeadActionResult): void }) {
  const fetcher = useFetcher<LeadActionResult>();
  const [waiting, setWaiting] = useState<string>();
  const answered = useEffectEvent(onAnswer);
  useEffect(() => {
    if (fetcher.data) answered(fetcher.data);
  }, [fetcher.data]);
  const send = useEffectEvent((status: string) => {
    void fetcher.submit({ intent: 'status', id: lead.id, status }, { method: 'post' });
  });
  useEffect(() => {
    if (fetcher.state !== 'idle' || waiting === undefined) return;
    setWaiting(undefined);
    send(waiting);
  }, [fetcher.state, waiting]);
  const sending = fetcher.formData?.get('status');
  const stored = fetcher.data?.ok ? fetcher.data.lead.status : lead.status;
  return (
    <select
      aria-label={`Status of ${lead.name}`}
      value={waiting ?? (typeof sending === 'string' ? sending : stored)}
      onChange={(event) => setWaiting(event.target.value)}
    >
      {LEAD_STATUSES.map((status) => (
        <option key={status} value={status}>
          {STATUS_LABELS[status]}
        </option>
      ))}
    </select>
  );
}

/** The Leads tab: booking and contact requests, newest first, with their follow-up status. */
export function LeadsPanel() {
  const { firstLeads } = useLoaderData<LeadsData>();
  const list = usePagedList({ first: firstLeads, fetchPage: listLeads, itemsOf: leadsOf });
  const { items: leads, loading } = list;
  /** A refused status change (the list's own load failures come from the pager). */
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const shownProblem = problem ?? (list.error && `Failed to load leads: ${messageOf(list.error.cause)}`);

  function statusAnswered(answer: LeadActionResult) {
    if (answer.ok) {
      const { lead } = answer;
      list.update((current) => current.map((l) => (l.id === lead.id ? lead : l)));
      setProblem(undefined);
      setSaved(`${lead.name} marked ${STATUS_LABELS[lead.status].toLowerCase()}.`);
    } else {
      setSaved(undefined);
      setProblem(`Failed to update the lead: ${answer.problem}`);
    }
  }

  return (
    <section aria-labelledby="leads-title" className="admin-leads">
      <div className="admin-clients-header">
        <h2 id="leads-title">Leads</h2>
        <a className="admin-leads-export" href={LEADS_CSV_URL} download>
          Export CSV
        </a>
      </div>
      <div role="status" className="admin-leads-status">
        {saved}
      </div>
      {shownProblem && (
        <div role="alert" className="admin-banner admin-banner-error">
          <strong>{shownProblem}</strong>
        </div>
      )}
      {leads === undefined && loading && <p>Loading leads...</p>}
      {leads?.length === 0 && <p>No leads yet. Requests from the booking and contact forms appear here.</p>}
      {leads && leads.length > 0 && (
        <div className="admin-leads-scroll">
          <table className="admin-leads-table">
            <caption className="visually-hidden">Leads, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Name</th>
                <th scope="col">Contact</th>
                <th scope="col">Requested call</th>
                <th scope="col">Language</th>
                <th scope="col">Page</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr key={lead.id}>
                  <td>{formatDateTime(lead.createdAt)}</td>
                  <th scope="row">
                    {lead.name}
                    {lead.company && <span className="admin-leads-sub">{lead.company}</span>}
                    {lead.message && <span className="admin-leads-message">{lead.message}</span>}
                  </th>
                  <td>
                    <a href={`mailto:${lead.email}`}>{lead.email}</a>
                    {lead.phone && <span className="admin-leads-sub">{lead.phone}</span>}
                  </td>
                  <td>{slotText(lead)}</td>
                  <td>{LANGUAGES[lead.language]}</td>
                  <td>{lead.sourcePage}</td>
                  <td>
                    <LeadStatusSelect lead={lead} onAnswer={statusAnswered} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasMore && (
        <button type="button" disabled={loading} onClick={() => void list.loadMore()}>
          {loading ? 'Loading...' : 'Load more leads'}
        </button>
      )}
    </section>
  );
}
