import { PrivacyNote } from '../../shared/ui/PrivacyNote.tsx';
import { useEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { ChatbotCopy, Lang } from '../../content/chatbot/index.ts';
import {
  Honeypot,
  LeadSender,
  nextWorkingDaySlots,
  slotLabel,
  visitorTimeZone,
  type Slot,
} from '../../shared/leads/index.ts';
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

/** The chatbot page's language code → the BCP 47 language the server stores. */
const leadLanguage = (lang: Lang) => (lang === 'al' ? 'sq' : 'en');

interface BookingDialogProps {
  copy: ChatbotCopy['booking'];
  lang: Lang;
  opensInNewTab: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the lead is stored and the dialog has closed; `slot` is the chosen time as shown. */
  onSubmitted: (slot: string) => void;
}

/**
 * 'Book Your Free Strategy Call': posts the visitor's details and chosen slot to
 * `POST /api/leads`. The slots are the next four working days in the visitor's time zone,
 * computed when the dialog opens (never at prerender time). Required fields and email/tel
 * types are the browser's checks (spec §5); the server's per-field answers show beside
 * each field. Without JavaScript the dialog cannot open; the contact form covers that case.
 */
export function BookingDialog({
  copy,
  lang,
  opensInNewTab,
  open,
  onOpenChange,
  onSubmitted,
}: BookingDialogProps) {
  const [fields, setFields] = useState<BookingFields>(EMPTY);
  const [slots, setSlots] = useState<Slot[]>([]);
  const [timeSlot, setTimeSlot] = useState<string>('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; errors: Record<string, string> }>();
  const [honeypot, setHoneypot] = useState('');
  // Read in the browser when the dialog opens: the prerendered HTML must not carry the build machine's zone.
  const [zone, setZone] = useState<string>();
  const sender = useRef<LeadSender>(null);
  const locale = leadLanguage(lang);

  useEffect(() => {
    if (!open) return;
    sender.current ??= new LeadSender();
    sender.current.prepare();
    const next = nextWorkingDaySlots(new Date());
    setSlots(next);
    setZone(visitorTimeZone());
    setTimeSlot((current) => (next.some((slot) => slot.value === current) ? current : next[0]!.value));
  }, [open]);

  const bind = (field: keyof BookingFields) => ({
    name: field,
    value: fields[field],
    'aria-invalid': failure?.errors[field] ? true : undefined,
    'aria-describedby': failure?.errors[field] ? `booking-${field}-error` : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setFields((current) => ({ ...current, [field]: event.target.value })),
  });

  // Beside the field, outside its label, so the label stays the field's name.
  const fieldError = (field: keyof BookingFields) =>
    failure?.errors[field] ? (
      <span className="booking-form__error" id={`booking-${field}-error`}>
        {failure.errors[field]}
      </span>
    ) : null;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setFailure(undefined);
    const chosen = slots.find((slot) => slot.value === timeSlot);
    const timeZone = zone;
    const result = await (sender.current ??= new LeadSender()).send({
      ...fields,
      slot: timeSlot,
      ...(timeZone ? { timeZone } : {}),
      language: locale,
      sourcePage: '/chatbot',
      website: honeypot,
    });
    setSending(false);
    if (!result.ok) {
      setFailure({ message: result.message, errors: result.errors });
      return;
    }
    setFields(EMPTY);
    setTimeSlot('');
    onOpenChange(false);
    onSubmitted(chosen ? slotLabel(chosen.start, locale) : '');
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
        <form className="booking-form" onSubmit={(event) => void submit(event)} aria-busy={sending}>
          <label className="booking-form__field">
            <span>{copy.fullName}</span>
            <input type="text" autoComplete="name" required maxLength={200} {...bind('name')} />
          </label>
          {fieldError('name')}
          <label className="booking-form__field">
            <span>{copy.email}</span>
            <input type="email" autoComplete="email" required maxLength={254} {...bind('email')} />
          </label>
          {fieldError('email')}
          <label className="booking-form__field">
            <span>{copy.company}</span>
            <input type="text" autoComplete="organization" required maxLength={200} {...bind('company')} />
          </label>
          {fieldError('company')}
          <label className="booking-form__field">
            <span>{copy.phone}</span>
            <input type="tel" autoComplete="tel" maxLength={40} {...bind('phone')} />
          </label>
          {fieldError('phone')}
          <label className="booking-form__field">
            <span>{copy.message}</span>
            <textarea rows={3} maxLength={2000} {...bind('message')} />
          </label>
          {fieldError('message')}
          <fieldset className="booking-form__slots">
            <legend>{copy.timeSlotLegend}</legend>
            {zone && <p className="booking-form__zone">{copy.timeZoneNote.replace('{zone}', zone)}</p>}
            {slots.map((slot) => (
              <label key={slot.value} className="booking-form__slot">
                <input
                  type="radio"
                  name="timeSlot"
                  value={slot.value}
                  checked={timeSlot === slot.value}
                  onChange={() => setTimeSlot(slot.value)}
                />
                <span>{slotLabel(slot.start, locale)}</span>
              </label>
            ))}
          </fieldset>
          <Honeypot value={honeypot} onChange={setHoneypot} />
          <div role="alert" className="booking-form__failure">
            {failure && (
              <p>
                {copy.sendFailed} {failure.message}
                {Object.keys(failure.errors).length > 0 && <> {copy.tryAgain}</>}
              </p>
            )}
          </div>
          <p className="booking-form__note">
            {copy.alternative}{' '}
            <SchedulingLink opensInNewTab={opensInNewTab}>{copy.schedulingLink}</SchedulingLink>
          </p>
          <button type="submit" className="btn btn--primary btn--lg booking-form__submit" disabled={sending}>
            {sending ? copy.sending : copy.submit}
          </button>
          <PrivacyNote lang={locale} />
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
