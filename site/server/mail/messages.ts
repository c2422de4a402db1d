// Every mail the site sends, as plain text and HTML, in English or Albanian. Mail to an address a
// visitor typed (confirmation, reset, access) carries nothing the visitor wrote but their name,
// so the forms cannot be used to send someone else a message of the sender's choosing.
// `html` from hono escapes every interpolated value.
import type { LeadRecord, NewLead } from '@voxdesk/auth';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { formatDateTime } from '../../common/date-time.ts';
import { slotText } from '../lead-pages.ts';

export type MailLang = 'en' | 'sq';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The name shown in mail: the visitor's, bounded, on one line. */
const safeName = (name: string) => name.replace(/\s+/g, ' ').trim().slice(0, 80);

const layout = (lang: MailLang, title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) =>
  html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <title>${title}</title>
      </head>
      <body
        style="font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:36rem;margin:0 auto;padding:1rem"
      >
        <h1 style="font-size:1.25rem">${title}</h1>
        ${body}
        <p style="color:#64748b;font-size:.875rem">Voxdesk</p>
      </body>
    </html>`.toString();

function content(
  lang: MailLang,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): MailContent {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n');
  const body = html`${paragraphs.map((p) => html`<p>${p}</p>`)}
  ${link ? html`<p><a href="${link.href}" style="font-weight:600">${link.label}</a></p>` : ''}`;
  return { subject, text: `${text}\n`, html: layout(lang, subject, body) };
}

/** The slot in the visitor's language and zone, the zone named (the reader may be elsewhere). */
const slotWithZone = (lang: MailLang, slot: string, timeZone: string | null) =>
  `${slotText(lang, slot, timeZone)} (${timeZone ?? 'UTC'})`;

/** 2 → "2nd", 3 → "3rd", 11 → "11th": which request of the person this is. */
export const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** The owner's first line: who sent what, and whether this person asked before. */
const requestLine = (lead: NewLead, requests: number) =>
  requests > 1
    ? `${safeName(lead.name)} asked again from ${lead.sourcePage}: their ${ordinal(requests)} request, added to their lead. Reply to this mail to answer them.`
    : `${safeName(lead.name)} sent a request from ${lead.sourcePage}. Reply to this mail to answer them.`;

/**
 * To the owner: everything the visitor sent (the owner replies to the lead directly).
 * `requests` > 1: the same address asked before, and the request joined their lead.
 */
export function newLeadToOwner(lead: NewLead, adminUrl: string | undefined, requests = 1): MailContent {
  const rows: [string, string | null][] = [
    ['Name', lead.name],
    ['Email', lead.email],
    ['Company', lead.company],
    ['Phone', lead.phone],
    ['Requested call', lead.slot ? slotWithZone('en', lead.slot, lead.timeZone) : null],
    ['Language', lead.language === 'sq' ? 'Albanian' : 'English'],
    ['Page', lead.sourcePage],
    ['Message', lead.message],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
  const who = `${safeName(lead.name)}${lead.company ? ` (${safeName(lead.company)})` : ''}`;
  const subject = requests > 1 ? `Repeat request (${ordinal(requests)}): ${who}` : `New lead: ${who}`;
  const text = [
    requestLine(lead, requests),
    '',
    ...shown.map(([label, value]) => `${label}: ${value}`),
    ...(adminUrl ? ['', `All leads: ${adminUrl}`] : []),
  ].join('\n');
  const body = html`<p>${requestLine(lead, requests)}</p>
    <table style="border-collapse:collapse">
      ${shown.map(
        ([label, value]) =>
          html`<tr>
            <th style="text-align:left;padding:.25rem .75rem .25rem 0;vertical-align:top">${label}</th>
            <td style="white-space:pre-wrap">${value}</td>
          </tr>`,
      )}
    </table>
    ${adminUrl ? html`<p><a href="${adminUrl}">All leads</a></p>` : ''}`;
  return { subject, text: `${text}\n`, html: layout('en', subject, body) };
}

/** To the visitor: their name and chosen time, nothing else they typed. */
export function leadConfirmation(
  lead: Pick<LeadRecord, 'name' | 'language' | 'slot' | 'timeZone'>,
): MailContent {
  const name = safeName(lead.name);
  const when = lead.slot ? slotWithZone(lead.language, lead.slot, lead.timeZone) : null;
  if (lead.language === 'sq') {
    return content('sq', 'E morëm kërkesën tuaj', [
      `Përshëndetje ${name},`,
      'Faleminderit që na kontaktuat. Do t’ju shkruajmë brenda një dite pune.',
      ...(when ? [`Orari që zgjodhët: ${when}.`] : []),
      'Nëse nuk e keni dërguar ju këtë kërkesë, mund ta injoroni këtë email.',
    ]);
  }
  return content('en', 'We have your request', [
    `Hello ${name},`,
    'Thank you for getting in touch. We will write to you within one working day.',
    ...(when ? [`Your chosen time: ${when}.`] : []),
    'If you did not send this request, you can ignore this email.',
  ]);
}

/** A client invited to the demo: a one-time link to choose a password. */
export function clientInvite(name: string, lang: MailLang, link: string): MailContent {
  const n = safeName(name);
  if (lang === 'sq') {
    return content(
      'sq',
      'Ftesë për demon e Voxdesk',
      [
        `Përshëndetje ${n},`,
        'Ju ftuam të provoni demon e Voxdesk. Zgjidhni një fjalëkalim për t’u identifikuar.',
        'Lidhja vlen 72 orë dhe përdoret vetëm një herë.',
      ],
      { href: link, label: 'Zgjidhni fjalëkalimin' },
    );
  }
  return content(
    'en',
    'Your invitation to the Voxdesk demo',
    [
      `Hello ${n},`,
      'You are invited to try the Voxdesk demo. Choose a password to sign in.',
      'The link works once and expires in 72 hours.',
    ],
    { href: link, label: 'Choose your password' },
  );
}

/** A password reset: the same wording whoever asked, since anyone can type an address. */
export function passwordReset(lang: MailLang, link: string): MailContent {
  if (lang === 'sq') {
    return content(
      'sq',
      'Rivendosni fjalëkalimin e Voxdesk',
      [
        'Dikush kërkoi të rivendosë fjalëkalimin e llogarisë suaj në Voxdesk.',
        'Lidhja vlen 72 orë dhe përdoret vetëm një herë. Nëse nuk e kërkuat ju, injorojeni këtë email: fjalëkalimi nuk ndryshon.',
      ],
      { href: link, label: 'Zgjidhni një fjalëkalim të ri' },
    );
  }
  return content(
    'en',
    'Reset your Voxdesk password',
    [
      'Someone asked to reset the password of your Voxdesk account.',
      'The link works once and expires in 72 hours. If it was not you, ignore this email: your password stays as it is.',
    ],
    { href: link, label: 'Choose a new password' },
  );
}

/** After every password change, to the account's address. */
export function passwordChanged(name: string, lang: MailLang, when: string): MailContent {
  const n = safeName(name);
  if (lang === 'sq') {
    return content('sq', 'Fjalëkalimi juaj u ndryshua', [
      `Përshëndetje ${n},`,
      `Fjalëkalimi i llogarisë suaj në Voxdesk u ndryshua më ${when}. Të gjitha seancat e tjera u mbyllën.`,
      'Nëse nuk e bëtë ju, rivendoseni fjalëkalimin menjëherë dhe na shkruani.',
    ]);
  }
  return content('en', 'Your password was changed', [
    `Hello ${n},`,
    `The password of your Voxdesk account was changed on ${when}. Every other session was signed out.`,
    'If this was not you, reset your password at once and tell us.',
  ]);
}

/** The Admin's "send test email" button. */
export function testMail(): MailContent {
  return content('en', 'Voxdesk test email', [
    'This is the test email from the Admin screen. Your mail settings work: lead notifications, invitations and password resets will reach people.',
  ]);
}

/** The Slack-compatible webhook body for a new lead (incoming webhooks read `text`). */
export function leadWebhookBody(lead: NewLead, adminUrl: string | undefined, requests = 1) {
  const parts = [
    requests > 1
      ? `Repeat request (${ordinal(requests)}): ${safeName(lead.name)} <${lead.email}>`
      : `New lead: ${safeName(lead.name)} <${lead.email}>`,
    lead.company ? `Company: ${lead.company}` : '',
    lead.phone ? `Phone: ${lead.phone}` : '',
    lead.slot ? `Requested call: ${slotWithZone('en', lead.slot, lead.timeZone)}` : '',
    `Page: ${lead.sourcePage}`,
    adminUrl ? `All leads: ${adminUrl}` : '',
  ].filter(Boolean);
  return {
    text: parts.join('\n'),
    /** 1 for a new lead; more when the same address asked before. */
    requests,
    lead: {
      name: lead.name,
      email: lead.email,
      company: lead.company,
      phone: lead.phone,
      message: lead.message,
      slot: lead.slot,
      timeZone: lead.timeZone,
      language: lead.language,
      sourcePage: lead.sourcePage,
    },
  };
}

/** A demo call as the digest lists it. */
export interface DigestCall {
  receivedAt: number;
  durationSeconds: number | null;
  receptionist?: string | null;
  summary: string | null;
}

const DIGEST_COPY = {
  en: {
    subject: (date: string, leads: number, calls: number) =>
      `Your day on Voxdesk, ${date}: ${leads} lead${leads === 1 ? '' : 's'}, ${calls} demo call${calls === 1 ? '' : 's'}`,
    intro: 'What arrived in the 24 hours before this mail.',
    leads: 'Leads',
    calls: 'Demo calls',
    none: 'None.',
    repeat: (n: number) => `${ordinal(n)} request`,
    call: (when: string, seconds: number | null, who: string | null | undefined) =>
      `${when}${seconds === null ? '' : `, ${Math.round(seconds / 60)} min`}${who ? ` (${who})` : ''}`,
    all: 'Open the Leads tab',
  },
  sq: {
    subject: (date: string, leads: number, calls: number) =>
      `Dita juaj në Voxdesk, ${date}: kërkesa ${leads}, thirrje demo ${calls}`,
    intro: 'Çfarë mbërriti në 24 orët para këtij emaili.',
    leads: 'Kërkesat',
    calls: 'Thirrjet demo',
    none: 'Asnjë.',
    repeat: (n: number) => `kërkesa e ${n}-të`,
    call: (when: string, seconds: number | null, who: string | null | undefined) =>
      `${when}${seconds === null ? '' : `, ${Math.round(seconds / 60)} min`}${who ? ` (${who})` : ''}`,
    all: 'Hapni skedën e kërkesave',
  },
} as const;

/**
 * The optional daily digest to the owner, in the owner's language and zone: the day's leads
 * (new ones and repeats) and demo calls. Only the owner receives it, so it names the people.
 */
export function dailyDigest(options: {
  lang: MailLang;
  timeZone: string;
  date: string;
  leads: readonly Pick<LeadRecord, 'name' | 'email' | 'company' | 'requests' | 'lastRequestAt'>[];
  calls: readonly DigestCall[];
  adminUrl: string | undefined;
}): MailContent {
  const { lang, timeZone, leads, calls } = options;
  const t = DIGEST_COPY[lang];
  const when = (ms: number) => formatDateTime(ms, { lang, timeZone });
  const leadLines = leads.map(
    (lead) =>
      `${when(lead.lastRequestAt)} · ${safeName(lead.name)} <${lead.email}>${lead.company ? `, ${safeName(lead.company)}` : ''}${lead.requests > 1 ? ` · ${t.repeat(lead.requests)}` : ''}`,
  );
  const callLines = calls.map(
    (call) =>
      `${t.call(when(call.receivedAt), call.durationSeconds, call.receptionist)}${call.summary ? `: ${call.summary.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`,
  );
  const subject = t.subject(options.date, leads.length, calls.length);
  const section = (title: string, lines: string[]) => [
    title,
    ...(lines.length ? lines.map((l) => `- ${l}`) : [t.none]),
  ];
  const text = [
    t.intro,
    '',
    ...section(t.leads, leadLines),
    '',
    ...section(t.calls, callLines),
    ...(options.adminUrl ? ['', `${t.all}: ${options.adminUrl}`] : []),
  ].join('\n');
  const list = (lines: string[]) =>
    lines.length
      ? html`<ul>
          ${lines.map((line) => html`<li>${line}</li>`)}
        </ul>`
      : html`<p>${t.none}</p>`;
  const body = html`<p>${t.intro}</p>
    <h2 style="font-size:1rem">${t.leads}</h2>
    ${list(leadLines)}
    <h2 style="font-size:1rem">${t.calls}</h2>
    ${list(callLines)} ${options.adminUrl ? html`<p><a href="${options.adminUrl}">${t.all}</a></p>` : ''}`;
  return { subject, text: `${text}\n`, html: layout(lang, subject, body) };
}
