import { BookCallLink } from '../../shared/ui/SchedulingLinks.tsx';
import type { CallSummary as Summary } from './call-state.ts';
import { formatDuration } from './CallTimer.tsx';

/** After a call: how long it lasted, who spoke how often, the receptionist's last line. */
export default function CallSummary({ summary }: { summary: Summary }) {
  return (
    <div className="call-summary">
      <h3>Call summary</h3>
      <p>
        {formatDuration(summary.durationSeconds)} on the line: you spoke {summary.callerTurns} time
        {summary.callerTurns === 1 ? '' : 's'}, the receptionist {summary.assistantTurns} time
        {summary.assistantTurns === 1 ? '' : 's'}.
      </p>
      {summary.lastAssistantLine && <blockquote>{summary.lastAssistantLine}</blockquote>}
      <p>
        Want this answering your phones? <BookCallLink variant="secondary" />
      </p>
    </div>
  );
}
