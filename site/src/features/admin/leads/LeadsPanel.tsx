import { useEffect, useEffectEvent, useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import type { LeadActionResult } from './lead-actions.ts';
import type { LeadsData } from './leads-loader.ts';
import { formatDateTime } from '../../../../common/date-time.ts';
import { usePagedList } from '../../../shared/hooks/usePagedList.ts';
import { LeadFilters } from './LeadFilters.tsx';
import { LeadLog } from './LeadLog.tsx';
import { isFiltered } from './lead-filter.ts';
import { LANGUAGE_LABELS, STATUS_LABELS } from './lead-labels.ts';
import {
  LEAD_STATUSES,
  leadsCsvUrl,
  SETTABLE_LEAD_STATUSES,
  listLeads,
  type Lead,
  type LeadPage,
  type LeadsVisit,
} from './leads-api.ts';
import type { Settled } from '../../../shared/settle.ts';

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
      {(lead.status === 'held' ? LEAD_STATUSES : SETTABLE_LEAD_STATUSES).map((status) => (
        <option key={status} value={status}>
          {STATUS_LABELS[status]}
        </option>
      ))}
    </select>
  );
}

interface LeadButtonProps {
  lead: Lead;
  onAnswer(answer: LeadActionResult): void;
}

/** A button that posts one `intent` for the lead through the route action. */
function LeadActionButton({
  lead,
  onAnswer,
  intent,
  label,
  busyLabel,
  accessibleName,
}: LeadButtonProps & { intent: string; label: string; busyLabel: string; accessibleName: string }) {
  const fetcher = useFetcher<LeadActionResult>();
  const answered = useEffectEvent(onAnswer);
  useEffect(() => {
    if (fetcher.data) answered(fetcher.data);
  }, [fetcher.data]);
  const busy = fetcher.state !== 'idle';
  return (
    <button
      type="button"
      className="admin-leads-invite"
      disabled={busy}
      aria-label={accessibleName}
      onClick={() => void fetcher.submit({ intent, id: lead.id }, { method: 'post' })}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * "Invite to the demo": the lead becomes a Client and is mailed a one-time link to choose a
 * password. Once invited, the same button sends a new link (the older one stops working).
 */
function InviteButton(props: LeadButtonProps) {
  const again = props.lead.status === 'invited';
  return (
    <LeadActionButton
      {...props}
      intent="invite"
      label={again ? 'Send a new invitation' : 'Invite to the demo'}
      busyLabel="Inviting…"
      accessibleName={`${again ? 'Send a new invitation to' : 'Invite to the demo:'} ${props.lead.name}`}
    />
  );
}

/**
 * "Release": a lead held by the site-wide cap (a flood) becomes new, and the mail it would
 * have sent goes out now. Setting another status instead closes it without mail.
 */
function ReleaseButton(props: LeadButtonProps) {
  return (
    <LeadActionButton
      {...props}
      intent="release"
      label="Release"
      busyLabel="Releasing…"
      accessibleName={`Release ${props.lead.name}`}
    />
  );
}

/** "3 new since your last visit", once the visit is recorded (nothing while it loads or if it fails). */
function useVisit(visit: Promise<Settled<LeadsVisit>>): LeadsVisit | undefined {
  const [answer, setAnswer] = useState<LeadsVisit>();
  useEffect(() => {
    let current = true;
    void visit.then((settled) => {
      if (current && settled.ok) setAnswer(settled.value);
    });
    return () => {
      current = false;
    };
  }, [visit]);
  return answer;
}

function visitText({ since, newCount }: LeadsVisit): string {
  const leads = `${newCount} new lead${newCount === 1 ? '' : 's'}`;
  return since === null ? `${leads}: this is your first visit.` : `${leads} since your last visit.`;
}

/** Asked (first or again) after the Admin's previous visit (every lead on a first visit). */
const isNewToAdmin = (lead: Lead, visit: LeadsVisit | undefined) =>
  visit !== undefined && (visit.since === null || lead.lastRequestAt > visit.since);

/**
 * The Leads tab: booking and contact requests, newest first, found by the server's search and
 * filters, with their follow-up status. A table with room for every column from 64rem; cards
 * on a phone (admin.css).
 */
export function LeadsPanel() {
  const { firstLeads, filter, query, visit: visitAnswer } = useLoaderData<LeadsData>();
  const list = usePagedList({
    first: firstLeads,
    fetchPage: (after: string) => listLeads(query, after),
    itemsOf: leadsOf,
  });
  const visit = useVisit(visitAnswer);
  const { items: leads, loading } = list;
  /** A refused status change (the list's own load failures come from the pager). */
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const shownProblem = problem ?? (list.error && `Failed to load leads: ${messageOf(list.error.cause)}`);
  const filtered = isFiltered(filter);

  function leadReplaced(lead: Lead) {
    list.update((current) => current.map((l) => (l.id === lead.id ? lead : l)));
    setProblem(undefined);
    setSaved('The lead was anonymised; its notes were removed.');
  }

  function leadDeleted(lead: Lead) {
    list.update((current) => current.filter((l) => l.id !== lead.id));
    setProblem(undefined);
    setSaved(`${lead.name}'s lead and its notes were deleted.`);
  }

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
        <a className="admin-leads-export" href={leadsCsvUrl(query)} download>
          {filtered ? 'Export these leads (CSV)' : 'Export CSV'}
        </a>
      </div>
      {visit && <p className="admin-leads-new">{visitText(visit)}</p>}
      <LeadFilters filter={filter} />
      <div role="status" className="admin-leads-status">
        {saved}
      </div>
      {shownProblem && (
        <div role="alert" className="admin-banner admin-banner-error">
          <strong>{shownProblem}</strong>
        </div>
      )}
      {leads === undefined && loading && <p>Loading leads...</p>}
      {leads?.length === 0 &&
        (filtered ? (
          <p>No leads match this search. Change the filters or clear them.</p>
        ) : (
          <p>No leads yet. Requests from the booking and contact forms appear here.</p>
        ))}
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
                <tr key={lead.id} className={isNewToAdmin(lead, visit) ? 'admin-leads-unseen' : undefined}>
                  <td data-label="Received">
                    {formatDateTime(lead.createdAt)}
                    {lead.requests > 1 && (
                      <span className="admin-leads-sub">
                        {lead.requests} requests, last {formatDateTime(lead.lastRequestAt)}
                      </span>
                    )}
                    {isNewToAdmin(lead, visit) && <span className="admin-leads-badge">New to you</span>}
                  </td>
                  <th scope="row">
                    {lead.name}
                    {lead.company && <span className="admin-leads-sub">{lead.company}</span>}
                    {lead.message && <span className="admin-leads-message">{lead.message}</span>}
                    <LeadLog
                      lead={lead}
                      formatTime={(ms) => formatDateTime(ms)}
                      onAnonymised={leadReplaced}
                      onDeleted={leadDeleted}
                    />
                  </th>
                  <td data-label="Contact">
                    <a href={`mailto:${lead.email}`}>{lead.email}</a>
                    {lead.phone && <span className="admin-leads-sub">{lead.phone}</span>}
                  </td>
                  <td data-label="Requested call">{slotText(lead)}</td>
                  <td data-label="Language">{LANGUAGE_LABELS[lead.language]}</td>
                  <td data-label="Page">{lead.sourcePage}</td>
                  <td data-label="Status">
                    <LeadStatusSelect lead={lead} onAnswer={statusAnswered} />
                    {lead.status === 'held' ? (
                      <ReleaseButton lead={lead} onAnswer={statusAnswered} />
                    ) : (
                      <InviteButton lead={lead} onAnswer={statusAnswered} />
                    )}
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
