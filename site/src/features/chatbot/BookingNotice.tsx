import type { ChatbotCopy } from '../../content/chatbot/index.ts';
import { SchedulingLink } from './ExternalLink.tsx';
import { CloseIcon } from './icons.tsx';

interface BookingNoticeProps {
  copy: ChatbotCopy['booking'];
  opensInNewTab: string;
  shown: boolean;
  onDismiss: () => void;
}

/**
 * After the booking form closes: says plainly that nothing was sent and where to book for
 * real. The status region is always present so screen readers announce what appears in it.
 */
export function BookingNotice({ copy, opensInNewTab, shown, onDismiss }: BookingNoticeProps) {
  return (
    <div className="booking-notice" role="status">
      {shown && (
        <div className="booking-notice__box">
          <p>
            {copy.afterSubmit}{' '}
            <SchedulingLink opensInNewTab={opensInNewTab}>{copy.schedulingLink}</SchedulingLink>
          </p>
          <button type="button" className="booking-notice__dismiss" onClick={onDismiss}>
            <CloseIcon />
            <span className="visually-hidden">{copy.dismiss}</span>
          </button>
        </div>
      )}
    </div>
  );
}
