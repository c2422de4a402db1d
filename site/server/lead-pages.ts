// The plain HTML answers of POST /api/leads for a form posted without JavaScript: a
// confirmation, or the form again (with what was wrong, or to confirm with a fresh token).
// `html` from hono escapes every interpolated value.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { formatDateTime } from '../common/date-time.ts';

export type PageLang = 'en' | 'sq';

const COPY = {
  en: {
    thanksTitle: 'Thank you — we have your request',
    thanksBody: (email: string) => `We will write to ${email} within one working day to confirm your call.`,
    slot: 'Your chosen time',
    back: 'Back to the site',
    checkTitle: 'Check your details and send',
    checkBody: 'Please look over your details and press Send to finish.',
    tooFast: 'That was quicker than a person can type. Check your details and press Send again.',
    fixTitle: 'Some details need fixing',
    limitedTitle: 'Too many requests from your address',
    limited: (minutes: number) =>
      `We have received several requests from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or write to us directly.`,
    name: 'Full Name',
    email: 'Email Address',
    company: 'Company Name',
    phone: 'Phone Number',
    message: 'Message (optional)',
    send: 'Send',
    privacy: 'How we use your details: privacy policy',
  },
  sq: {
    thanksTitle: 'Faleminderit — e morëm kërkesën tuaj',
    thanksBody: (email: string) =>
      `Do t'ju shkruajmë në ${email} brenda një dite pune për ta konfirmuar telefonatën.`,
    slot: 'Orari që zgjodhët',
    back: 'Kthehu te faqja',
    checkTitle: 'Kontrolloni të dhënat dhe dërgojini',
    checkBody: 'Ju lutemi kontrolloni të dhënat dhe shtypni Dërgo për të përfunduar.',
    tooFast:
      'Kjo ishte më shpejt se sa mund të shkruajë një njeri. Kontrolloni të dhënat dhe shtypni sërish Dërgo.',
    fixTitle: 'Disa të dhëna duhen rregulluar',
    limitedTitle: 'Shumë kërkesa nga adresa juaj',
    limited: (minutes: number) =>
      `Kemi marrë disa kërkesa nga adresa juaj. Provoni sërish pas ${minutes} minutash ose na shkruani drejtpërdrejt.`,
    name: 'Emri dhe mbiemri',
    email: 'Adresa e email-it',
    company: 'Emri i kompanisë',
    phone: 'Numri i telefonit',
    message: 'Mesazhi (opsional)',
    send: 'Dërgo',
    privacy: 'Si i përdorim të dhënat tuaja: politika e privatësisë',
  },
} as const;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#0f172a}
label{display:block;margin:.75rem 0}input,textarea{display:block;width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
.error{color:#b91c1c}.hp{position:absolute;left:-10000px}button{margin-top:1rem;padding:.6rem 1.4rem;font:inherit}`;

function page(lang: PageLang, title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Voxdesk</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`;
}

/** The slot as the visitor saw it: their language, their time zone (also used in mail). */
export const slotText = (lang: PageLang, slot: string, timeZone: string | null) =>
  formatDateTime(slot, { lang, timeZone, style: 'full' });

export function confirmationPage(
  lang: PageLang,
  lead: { email: string; slot: string | null; timeZone: string | null; sourcePage: string },
) {
  const t = COPY[lang];
  return page(
    lang,
    t.thanksTitle,
    html`<p>${t.thanksBody(lead.email)}</p>
      ${lead.slot ? html`<p>${t.slot}: <strong>${slotText(lang, lead.slot, lead.timeZone)}</strong></p>` : ''}
      <p><a href="${lead.sourcePage}">${t.back}</a></p>`,
  );
}

export function rateLimitedPage(lang: PageLang, retryAfterSeconds: number, sourcePage: string) {
  const t = COPY[lang];
  return page(
    lang,
    t.limitedTitle,
    html`<p>${t.limited(Math.ceil(retryAfterSeconds / 60))}</p>
      <p><a href="${sourcePage}">${t.back}</a></p>`,
  );
}

export type FormPageReason = 'check' | 'too-fast' | 'invalid';

/** The form again, filled in as sent, with a fresh token; `errors` by field name. */
export function formPage(options: {
  lang: PageLang;
  reason: FormPageReason;
  values: Record<string, string>;
  errors?: Record<string, string>;
  token: string;
}) {
  const { lang, reason, values, errors = {}, token } = options;
  const t = COPY[lang];
  const title = reason === 'invalid' ? t.fixTitle : t.checkTitle;
  const intro = reason === 'too-fast' ? t.tooFast : reason === 'check' ? t.checkBody : '';
  const field = (name: 'name' | 'email' | 'company' | 'phone', type: string, required: boolean) =>
    html`<label
      >${t[name]}
      <input
        name="${name}"
        type="${type}"
        value="${values[name] ?? ''}"
        ${required ? 'required' : ''}
        ${errors[name] ? html`aria-invalid="true" aria-describedby="${name}-error"` : ''}
      />
      ${errors[name] ? html`<span class="error" id="${name}-error">${errors[name]}</span>` : ''}</label
    >`;
  const hidden = (['slot', 'timeZone', 'language', 'sourcePage'] as const)
    .filter((name) => values[name])
    .map((name) => html`<input type="hidden" name="${name}" value="${values[name]}" />`);
  const otherErrors = Object.entries(errors).filter(
    ([name]) => !['name', 'email', 'company', 'phone', 'message'].includes(name),
  );
  return page(
    lang,
    title,
    html`${intro ? html`<p>${intro}</p>` : ''}
      ${
        otherErrors.length
          ? html`<ul class="error">
              ${otherErrors.map(([, message]) => html`<li>${message}</li>`)}
            </ul>`
          : ''
      }
      <form method="post" action="/api/leads">
        ${field('name', 'text', true)}${field('email', 'email', true)}${field('company', 'text', false)}${field('phone', 'tel', false)}
        <label
          >${t.message}<textarea name="message" rows="3">${values.message ?? ''}</textarea>
          ${errors.message ? html`<span class="error">${errors.message}</span>` : ''}</label
        >
        ${hidden}
        <input type="hidden" name="formToken" value="${token}" />
        <label class="hp" aria-hidden="true"
          >Website<input name="website" tabindex="-1" autocomplete="off"
        /></label>
        <button type="submit">${t.send}</button>
        <p><a href="${lang === 'sq' ? '/privacy/sq' : '/privacy'}">${t.privacy}</a></p>
      </form>`,
  );
}
