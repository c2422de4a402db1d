import { useState, type ChangeEvent, type FormEvent } from 'react';
import { TIME_SLOT_IDS, type ChatbotCopy } from '../../content/chatbot/index.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { SchedulingLink } from './ExternalLink.tsx';
import { CloseIcon } from './icons.tsx';

/** The booking form state of spec §3 (the time slot is held separately). */
interface BookingFields {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
}

const EMPTY: BookingFields = { name: '', email: '', company: '', phone: '', message: '' };
const FIRST_SLOT = TIME_SLOT_IDS[0];

interface BookingDialogProps {
  copy: ChatbotCopy['booking'];
  opensInNewTab: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a valid submit, once the dialog has closed and the fields are cleared. */
  onSubmitted: () => void;
}

/**
 * 'Book Your Free Strategy Call'. Validation is the browser's (spec §5: required fields, email
 * and tel types, no custom messages). The form sends nothing, and says so: the real booking
 * happens on the external scheduling page it links to.
 */
export function BookingDialog({ copy, opensInNewTab, open, onOpenChange, onSubmitted }: BookingDialogProps) {
  const [fields, setFields] = useState<BookingFields>(EMPTY);
  const [timeSlot, setTimeSlot] = useState<string>(FIRST_SLOT);

  const bind = (field: keyof BookingFields) => ({
    name: field,
    value: fields[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setFields((current) => ({ ...current, [field]: event.target.value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFields(EMPTY);
    setTimeSlot(FIRST_SLOT);
    onOpenChange(false);
    onSubmitted();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      labelledBy="booking-title"
      describedBy="booking-description"
      className="booking-dialog"
    >
      <div className="booking-dialog__box">
        <h2 id="booking-title" className="booking-dialog__title">
          {copy.title}
        </h2>
        <p id="booking-description" className="booking-dialog__description">
          {copy.description}
        </p>
        <form className="booking-form" onSubmit={submit}>
          <label className="booking-form__field">
            <span>{copy.fullName}</span>
            <input type="text" autoComplete="name" required {...bind('name')} />
          </label>
          <label className="booking-form__field">
            <span>{copy.email}</span>
            <input type="email" autoComplete="email" required {...bind('email')} />
          </label>
          <label className="booking-form__field">
            <span>{copy.company}</span>
            <input type="text" autoComplete="organization" required {...bind('company')} />
          </label>
          <label className="booking-form__field">
            <span>{copy.phone}</span>
            <input type="tel" autoComplete="tel" {...bind('phone')} />
          </label>
          <label className="booking-form__field">
            <span>{copy.message}</span>
            <textarea rows={3} {...bind('message')} />
          </label>
          <fieldset className="booking-form__slots">
            <legend>{copy.timeSlotLegend}</legend>
            {TIME_SLOT_IDS.map((slot, index) => (
              <label key={slot} className="booking-form__slot">
                <input
                  type="radio"
                  name="timeSlot"
                  value={slot}
                  checked={timeSlot === slot}
                  onChange={() => setTimeSlot(slot)}
                />
                <span>{copy.timeSlots[index]}</span>
              </label>
            ))}
          </fieldset>
          <p className="booking-form__note">
            {copy.notSent}{' '}
            <SchedulingLink opensInNewTab={opensInNewTab}>{copy.schedulingLink}</SchedulingLink>
          </p>
          <button type="submit" className="btn btn--primary btn--lg booking-form__submit">
            {copy.submit}
          </button>
        </form>
        {/* Last in tab order, so opening the dialog focuses the first field. */}
        <button type="button" className="booking-dialog__close" onClick={() => onOpenChange(false)}>
          <CloseIcon />
          <span className="visually-hidden">{copy.close}</span>
        </button>
      </div>
    </Dialog>
  );
}
