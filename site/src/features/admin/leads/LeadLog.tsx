import { useEffect, useEffectEvent, useState } from 'react';
import { useFetcher } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import type { LeadActionResult, LeadDeleteResult, LeadNoteResult } from './lead-actions.ts';
import { formatDateTime } from '../../../../common/date-time.ts';
import { STATUS_LABELS } from './lead-labels.ts';
import { isLeadStatus, listLeadNotes, MAX_NOTE_LENGTH, type Lead, type LeadNote } from './leads-api.ts';

/** The slot as the visitor chose it: in their time zone, which is named. */
const formatCall = (slot: string, timeZone: string | null) =>
  formatDateTime(slot, { timeZone, showZone: true });

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

function entryText(note: LeadNote): string {
  switch (note.kind) {
    case 'note':
      return note.text ?? '';
    case 'status':
      return `Status set to ${isLeadStatus(note.text) ? STATUS_LABELS[note.text] : String(note.text)}.`;
    case 'request': {
      const call = note.slot ? ` Asked for a call ${formatCall(note.slot, note.timeZone ?? null)}.` : '';
      return `Sent another request.${call}${note.text ? ` “${note.text}”` : ''}`;
    }
    case 'anonymised':
      return 'Anonymised for a privacy request.';
    case 'deleted':
      return 'Deleted for a privacy request.';
  }
}

interface LeadLogProps {
  lead: Lead;
  formatTime(ms: number): string;
  onAnonymised(lead: Lead): void;
  onDeleted(lead: Lead): void;
}

/**
 * A lead's activity log (who did what, when), a note form, and the privacy-request actions,
 * behind a disclosure: the log loads when it is opened, and again when the lead changes.
 */
export function LeadLog({ lead, formatTime, onAnonymised, onDeleted }: LeadLogProps) {
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState<LeadNote[]>();
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState<'anonymise' | 'delete'>();
  const noteFetcher = useFetcher<LeadNoteResult>();
  const privacy = useFetcher<LeadActionResult | LeadDeleteResult>();
  const [noteForm, setNoteForm] = useState(0);

  useEffect(() => {
    if (!open) return;
    let current = true;
    listLeadNotes(lead.id).then(
      (log) => current && (setNotes(log), setProblem(undefined)),
      (error: unknown) => current && setProblem(`Failed to load the notes: ${messageOf(error)}`),
    );
    return () => {
      current = false;
    };
  }, [open, lead.id, lead.updatedAt]);

  const noteAnswered = useEffectEvent((answer: LeadNoteResult) => {
    if (answer.ok) {
      setNotes((log) => [...(log ?? []), answer.note]);
      setProblem(undefined);
      setNoteForm((n) => n + 1); // an empty form for the next note
    } else {
      setProblem(`Failed to add the note: ${answer.problem}`);
    }
  });
  useEffect(() => {
    if (noteFetcher.data) noteAnswered(noteFetcher.data);
  }, [noteFetcher.data]);

  const privacyAnswered = useEffectEvent((answer: LeadActionResult | LeadDeleteResult) => {
    setConfirming(undefined);
    if (!answer.ok) setProblem(`Failed: ${answer.problem}`);
    else if ('deleted' in answer) onDeleted(lead);
    else onAnonymised(answer.lead);
  });
  useEffect(() => {
    if (privacy.data) privacyAnswered(privacy.data);
  }, [privacy.data]);

  const busy = privacy.state !== 'idle';
  return (
    <details className="admin-lead-log" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Notes and privacy</summary>
      {/* Rendered once opened: a long list stays light. */}
      {open && (
        <>
          {problem && (
            <p role="alert" className="admin-lead-log-problem">
              {problem}
            </p>
          )}
          {notes === undefined && !problem && <p>Loading notes...</p>}
          {notes?.length === 0 && <p className="admin-leads-sub">No notes yet.</p>}
          {notes && notes.length > 0 && (
            <ol aria-label={`Notes on ${lead.name}`} className="admin-lead-log-entries">
              {notes.map((note) => (
                <li key={note.id}>
                  <span className="admin-leads-sub">
                    {note.author.name}, {formatTime(note.createdAt)}
                  </span>
                  <span className="admin-leads-message">{entryText(note)}</span>
                </li>
              ))}
            </ol>
          )}
          <noteFetcher.Form method="post" key={noteForm} className="admin-lead-log-form">
            <input type="hidden" name="intent" value="note" />
            <input type="hidden" name="id" value={lead.id} />
            <label>
              {`Note on ${lead.name}`}
              <textarea name="text" required maxLength={MAX_NOTE_LENGTH} rows={2} />
            </label>
            <button type="submit" disabled={noteFetcher.state !== 'idle'}>
              Add note
            </button>
          </noteFetcher.Form>
          {confirming === undefined ? (
            <div className="admin-lead-log-privacy">
              <button
                type="button"
                className="admin-lead-secondary"
                onClick={() => setConfirming('anonymise')}
              >
                Anonymise
              </button>
              <button type="button" className="client-delete" onClick={() => setConfirming('delete')}>
                Delete
              </button>
            </div>
          ) : (
            <div role="group" aria-label="Confirm the privacy request" className="admin-lead-log-privacy">
              <p>
                {confirming === 'delete'
                  ? `Delete ${lead.name}'s lead and its notes for good? The log keeps only who deleted it and when.`
                  : `Remove ${lead.name}'s name, contact details and message, and the notes? The status and dates stay.`}
              </p>
              <button
                type="button"
                className={confirming === 'delete' ? 'client-delete' : undefined}
                disabled={busy}
                onClick={() => void privacy.submit({ intent: confirming, id: lead.id }, { method: 'post' })}
              >
                {confirming === 'delete' ? 'Delete for good' : 'Anonymise for good'}
              </button>
              <button type="button" className="admin-lead-secondary" onClick={() => setConfirming(undefined)}>
                Cancel
              </button>
            </div>
          )}
        </>
      )}
    </details>
  );
}
