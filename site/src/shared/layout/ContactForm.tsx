import { useRef, useState, type SubmitEvent } from 'react';
import { contactForm as copy } from '../../content/contact.ts';
import { Honeypot, LeadSender } from '../leads/index.ts';
import { PrivacyNote } from '../ui/PrivacyNote.tsx';

type Status =
  | { state: 'idle' | 'sending' | 'sent' }
  | { state: 'failed'; message: string; errors: Record<string, string> };

type Field = 'name' | 'email' | 'phone' | 'message';

/**
 * A short contact form. A real `<form method="post" action="/api/leads">`: without JavaScript
 * the browser posts it and the server answers with a plain page; with JavaScript it is sent
 * as JSON and confirmed in place. The form token is fetched on first focus, not on load.
 */
export function ContactForm({ sourcePage }: { sourcePage: string }) {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const sender = useRef<LeadSender>(null);
  const prepare = () => (sender.current ??= new LeadSender()).prepare();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.state === 'sending') return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    setStatus({ state: 'sending' });
    const result = await (sender.current ??= new LeadSender()).send({
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      message: text('message'),
      website: text('website'),
      language: 'en',
      sourcePage,
    });
    if (result.ok) {
      form.reset();
      setStatus({ state: 'sent' });
    } else {
      setStatus({ state: 'failed', message: result.message, errors: result.errors });
    }
  }

  const errors = status.state === 'failed' ? status.errors : {};
  const error = (name: Field) =>
    errors[name] ? (
      <span className="contact-form__error" id={`contact-${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  const invalid = (name: Field) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `contact-${name}-error` } : {};

  return (
    <form
      className="contact-form"
      method="post"
      action="/api/leads"
      aria-labelledby="contact-form-title"
      onSubmit={(event) => void submit(event)}
      onFocus={prepare}
    >
      <h3 id="contact-form-title" className="contact-form__title">
        {copy.title}
      </h3>
      <div className="contact-form__grid">
        <div className="contact-form__field">
          <label>
            <span>{copy.name}</span>
            <input
              name="name"
              type="text"
              autoComplete="name"
              required
              maxLength={200}
              {...invalid('name')}
            />
          </label>
          {error('name')}
        </div>
        <div className="contact-form__field">
          <label>
            <span>{copy.email}</span>
            <input
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              {...invalid('email')}
            />
          </label>
          {error('email')}
        </div>
        <div className="contact-form__field">
          <label>
            <span>{copy.phone}</span>
            <input name="phone" type="tel" autoComplete="tel" maxLength={40} {...invalid('phone')} />
          </label>
          {error('phone')}
        </div>
        <div className="contact-form__field contact-form__field--wide">
          <label>
            <span>{copy.message}</span>
            <textarea name="message" rows={3} maxLength={2000} {...invalid('message')} />
          </label>
          {error('message')}
        </div>
      </div>
      <input type="hidden" name="language" value="en" />
      <input type="hidden" name="sourcePage" value={sourcePage} />
      <Honeypot />
      <div role="status" className="contact-form__status">
        {status.state === 'sent' && <p>{copy.sent}</p>}
      </div>
      <div role="alert" className="contact-form__status">
        {status.state === 'failed' && (
          <p>
            {copy.failed} {status.message}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary btn--lg" disabled={status.state === 'sending'}>
        {status.state === 'sending' ? copy.sending : copy.submit}
      </button>
      <PrivacyNote />
    </form>
  );
}
