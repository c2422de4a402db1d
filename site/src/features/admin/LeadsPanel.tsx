import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../shared/session/index.ts';
import {
  LEAD_STATUSES,
  LEADS_CSV_URL,
  listLeads,
  setLeadStatus,
  type Lead,
  type LeadStatus,
} from './leads-api.ts';

const LANGUAGES: Record<Lead['language'], string> = { en: 'English', sq: 'Albanian' };
const STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };

const received = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** The slot as the visitor chose it: in their time zone, which is named. */
function slotText(lead: Lead): string {
  if (!lead.slot) return '—';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    const text = new Intl.DateTimeFormat('en-AU', {
      ...options,
      timeZone: lead.timeZone ?? undefined,
    }).format(new Date(lead.slot));
    return lead.timeZone ? `${text} (${lead.timeZone})` : text;
  } catch {
    return lead.slot;
  }
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The Leads tab: booking and contact requests, newest first, with their follow-up status. */
export function LeadsPanel() {
  const [leads, setLeads] = useState<Lead[]>();
  const [next, setNext] = useState<string>();
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<string>();

  const load = useCallback(async (after?: string) => {
    setLoading(true);
    setProblem(undefined);
    try {
      const page = await listLeads(after);
      setLeads((current) => (after ? [...(current ?? []), ...page.leads] : page.leads));
      setNext(page.next);
    } catch (error) {
      setProblem(`Failed to load leads: ${messageOf(error)}`);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function changeStatus(lead: Lead, status: LeadStatus) {
    setSaved(undefined);
    setProblem(undefined);
    // Shown at once; put back if the server refuses.
    setLeads((current) => current?.map((l) => (l.id === lead.id ? { ...l, status } : l)));
    try {
      const updated = await setLeadStatus(lead.id, status);
      setLeads((current) => current?.map((l) => (l.id === lead.id ? updated : l)));
      setSaved(`${lead.name} marked ${STATUS_LABELS[status].toLowerCase()}.`);
    } catch (error) {
      setLeads((current) => current?.map((l) => (l.id === lead.id ? { ...l, status: lead.status } : l)));
      setProblem(`Failed to update the lead: ${messageOf(error)}`);
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
      {problem && (
        <div role="alert" className="admin-banner admin-banner-error">
          <strong>{problem}</strong>
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
                  <td>{received.format(lead.createdAt)}</td>
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
                    <select
                      aria-label={`Status of ${lead.name}`}
                      value={lead.status}
                      onChange={(event) => void changeStatus(lead, event.target.value as LeadStatus)}
                    >
                      {LEAD_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {STATUS_LABELS[status]}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <button type="button" disabled={loading} onClick={() => void load(next)}>
          {loading ? 'Loading...' : 'Load more leads'}
        </button>
      )}
    </section>
  );
}
