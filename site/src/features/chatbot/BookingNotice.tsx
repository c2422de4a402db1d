import type { ChatbotCopy } from '../../content/chatbot/index.ts';
import { CloseIcon } from './icons.tsx';

interface BookingNoticeProps {
  copy: ChatbotCopy['booking'];
  /** The chosen slot as shown in the dialog; undefined hides the notice. */
  slot: string | undefined;
  onDismiss: () => void;
}

/**
 * After the booking is stored: a confirmation naming the chosen time. The status region is
 * always present so screen readers announce what appears in it.
 */
export function BookingNotice({ copy, slot, onDismiss }: BookingNoticeProps) {
  return (
    <div className="booking-notice" role="status">
      {slot !== undefined && (
        <div className="booking-notice__box">
          <p>{copy.afterSubmit.replace('{slot}', slot)}</p>
          <button type="button" className="booking-notice__dismiss" onClick={onDismiss}>
            <CloseIcon />
            <span className="visually-hidden">{copy.dismiss}</span>
          </button>
        </div>
      )}
    </div>
  );
}
