import type { LeadRecord, NewLead, NoteAuthor } from '@voxdesk/auth';
import { Hono, type Context } from 'hono';
import type {
  ApiErrorBody,
  FormTokenBody,
  LeadForm,
  LeadPage,
  AddedNote,
  LeadNotes,
  LeadReceived,
  LeadsVisit,
  UpdatedLead,
} from '../../contract/api-types.ts';
import { ipOf, requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import {
  checkFormToken,
  DEFAULT_FORM_TOKEN_POLICY,
  issueFormToken,
  type FormTokenPolicy,
} from '../form-token.ts';
import { declaredJsonInput, jsonInput, queryInput, readJsonObject, recordId } from '../route-input.ts';
import { leadsCsv } from '../lead-csv.ts';
import { confirmationPage, formPage, rateLimitedPage, type PageLang } from '../lead-pages.ts';
import { leadMessages, type Mail } from '../mail/settings.ts';
import { AttemptLimit, type ThrottleRule } from '../throttle.ts';
import { MAX_PAGE_SIZE } from './fields.ts';
import {
  fieldErrors,
  leadFilterQuery,
  leadPageQuery,
  leadSchema,
  noteSchema,
  statusSchema,
  toNewLead,
} from './lead-fields.ts';

export interface LeadOptions {
  /** Signs the form tokens (the session secret). */
  secret: string;
  now: () => number;
  formToken?: Partial<FormTokenPolicy>;
  /** Leads stored per address (honeypot catches count too). */
  perAddress?: ThrottleRule;
  /** Leads stored site-wide before new ones are held for review (stored, not mailed). */
  perSite?: ThrottleRule;
  /** Each stored lead queues its notifications here (owner, visitor, webhook). */
  mail: Mail;
}

export const DEFAULT_LEADS_PER_ADDRESS: ThrottleRule = { limit: 5, windowMs: 60 * 60_000 };
/** Site-wide: more leads than this in an hour is a flood (from many addresses), not a busy day. */
export const DEFAULT_LEADS_PER_SITE: ThrottleRule = { limit: 60, windowMs: 60 * 60_000 };
/** The one counter of the site-wide cap. */
const SITE_LEADS_KEY = 'leads-site';

export const FORM_EXPIRED = 'The form has expired. Reload the page and send it again.';
export const TOO_FAST =
  'The form was sent faster than a person can fill it in. Wait a moment and send it again.';

const isForm = (c: Context) =>
  /^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '');

/** A form post's fields as strings (repeated names: the last one). */
async function formValues(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    const last: unknown = Array.isArray(value) ? value.at(-1) : value;
    if (typeof last === 'string') values[key] = last;
  }
  return values;
}

const pageLang = (value: unknown): PageLang => (value === 'sq' ? 'sq' : 'en');

const NOT_A_LEAD_ID = 'That is not a lead id. Reload the list and try again.';

/** The newest entries of a lead's log the screen shows. */
export const MAX_NOTES_SHOWN = 100;

/** Looks at the Leads screen closer together than this are one visit (a reload keeps "new"). */
export const LEADS_VISIT_GAP_MS = 30 * 60_000;

/**
 * POST /api/leads (anyone: the /chatbot booking dialog and the home page's contact form,
 * as JSON from the app or as a plain form post without JavaScript), GET /api/leads/form-token,
 * and for Admins GET /api/leads (paged, newest first), GET /api/leads.csv and PATCH
 * /api/leads/:id. Mounted at /api.
 */
export function leadRoutes(deps: ApiDeps, options: LeadOptions) {
  const policy = { ...DEFAULT_FORM_TOKEN_POLICY, ...options.formToken };
  const perAddress = new AttemptLimit(
    deps.accounts.store.attempts,
    options.perAddress ?? DEFAULT_LEADS_PER_ADDRESS,
    options.now,
  );
  const perSite = new AttemptLimit(
    deps.accounts.store.attempts,
    options.perSite ?? DEFAULT_LEADS_PER_SITE,
    options.now,
  );
  const leads = () => deps.accounts.store.leads;
  /** True when the token was already used (counts this use). */
  const alreadyUsed = async (formToken: string) =>
    (await deps.accounts.store.attempts.hitAttempt(`form-token:${formToken}`, policy.maxAgeMs, options.now()))
      .count > 1;
  const notes = () => deps.accounts.store.leadNotes;
  const authorOf = (c: Context<ApiEnv>): NoteAuthor => ({ id: c.var.user.id, name: c.var.user.name });
  const newToken = () => issueFormToken(options.secret, options.now());

  /**
   * Stores the lead unless it is a bot's or the address is over its limit. Over the site-wide
   * cap it is still stored, but held: no mail goes out until an Admin releases it, so a flood
   * from many addresses neither loses a real lead nor floods anyone's inbox.
   */
  async function accept(c: Context, lead: NewLead, honeypot: boolean) {
    const limit = await perAddress.hit(`lead:${ipOf(c, deps)}`);
    if (!limit.allowed) return limit;
    // A bot is told what a person is told, so it learns nothing to adapt to.
    if (!honeypot) {
      const { mail } = options;
      if (!(await perSite.hit(SITE_LEADS_KEY)).allowed) {
        await leads().createLead(lead, options.now(), undefined, 'held');
        return limit;
      }
      const confirm = await mail.visitorMayReceive(lead.email);
      await leads().createLead(lead, options.now(), leadMessages(lead, mail.settings, confirm));
      // Delivery runs after the answer: the visitor never waits on mail.
      mail.sender.kick();
    }
    return limit;
  }

  return new Hono<ApiEnv>()
    .get('/leads/form-token', (c) =>
      c.json<FormTokenBody, 200>({ token: newToken(), minFillMs: policy.minFillMs }, 200),
    )
    .post('/leads', declaredJsonInput<LeadForm>(), async (c) => {
      const form = isForm(c);
      let raw: Record<string, unknown>;
      if (form) {
        raw = await formValues(c);
      } else {
        const object = await readJsonObject(c);
        if (!object.ok) return object.response;
        raw = object.data;
      }
      const parsed = leadSchema(options.now()).safeParse(raw);
      const lang = pageLang(raw.language);
      const values = form ? (raw as Record<string, string>) : {};
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        if (form)
          return c.html(formPage({ lang, reason: 'invalid', values, errors, token: newToken() }), 400);
        const [field, message] = Object.entries(errors)[0]!;
        return c.json<ApiErrorBody, 400>({ error: message, field, errors }, 400);
      }
      let token = checkFormToken(options.secret, parsed.data.formToken, options.now(), policy);
      // Single use: a token that passed its minimum fill time is spent by this post, so one
      // token cannot carry a script's thousands of leads. Kept (in the store) as long as the
      // token could be valid; a second post with it is told what an expired one is.
      if (token.ok && (await alreadyUsed(parsed.data.formToken!))) token = { ok: false, reason: 'expired' };
      if (!token.ok) {
        // Without JavaScript the prerendered form has no token: ask the visitor to confirm.
        if (form) {
          const reason = token.reason === 'too-fast' ? 'too-fast' : 'check';
          return c.html(formPage({ lang, reason, values, token: newToken() }), 200);
        }
        if (token.reason === 'too-fast') {
          return c.json<ApiErrorBody, 400>(
            { error: TOO_FAST, field: 'formToken', waitMs: token.waitMs },
            400,
          );
        }
        return c.json<ApiErrorBody, 400>({ error: FORM_EXPIRED, field: 'formToken' }, 400);
      }
      // Any value but an empty one is a bot's (0, false, [] and {} too: a person never sees the field).
      const { website } = parsed.data;
      const honeypot =
        website !== undefined && website !== null && !(typeof website === 'string' && website.trim() === '');
      const lead = toNewLead(parsed.data);
      const outcome = await accept(c, lead, honeypot);
      if (!outcome.allowed) {
        c.header('Retry-After', String(outcome.retryAfterSeconds));
        if (form) return c.html(rateLimitedPage(lang, outcome.retryAfterSeconds, lead.sourcePage), 429);
        const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
        return c.json(
          {
            error: `Too many requests from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          },
          429,
        );
      }
      if (form) return c.html(confirmationPage(lead.language, lead), 200);
      return c.json<LeadReceived, 201>({ received: true }, 201);
    })
    .get('/leads', requireUser(deps, 'Admin'), queryInput(leadPageQuery), async (c) => {
      const { limit, after, ...filter } = c.req.valid('query');
      const page = await leads().listLeads({ limit, ...(after ? { after } : {}), ...filter });
      const body: LeadPage = page.next ? { leads: page.leads, next: page.next } : { leads: page.leads };
      return c.json(body, 200);
    })
    .post('/leads/visit', requireUser(deps, 'Admin'), async (c) => {
      // Opening the Leads screen: how many leads arrived since this Admin's previous visit.
      const since = await deps.accounts.store.leadVisits.recordLeadsVisit(
        c.var.user.id,
        options.now(),
        LEADS_VISIT_GAP_MS,
      );
      // A repeat request counts too: the lead is new to them again.
      const newCount = await leads().countLeads(since === null ? {} : { requestedFrom: since + 1 });
      return c.json<LeadsVisit, 200>({ since, newCount }, 200);
    })
    .get('/leads.csv', requireUser(deps, 'Admin'), queryInput(leadFilterQuery), async (c) => {
      // The leads the screen shows: the same filter, every page.
      const filter = c.req.valid('query');
      const all: LeadRecord[] = [];
      let after: string | undefined;
      do {
        const page = await leads().listLeads({
          limit: MAX_PAGE_SIZE,
          ...(after ? { after } : {}),
          ...filter,
        });
        all.push(...page.leads);
        after = page.next;
      } while (after);
      const day = new Date(options.now()).toISOString().slice(0, 10);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="voxdesk-leads-${day}.csv"`);
      return c.body(leadsCsv(all));
    })
    .patch(
      '/leads/:id',
      requireUser(deps, 'Admin'),
      recordId(NOT_A_LEAD_ID),
      jsonInput(statusSchema),
      async (c) => {
        const { status } = c.req.valid('json');
        const lead = await leads().setLeadStatus(c.req.param('id'), status, options.now());
        await notes().addLeadNote(
          { leadId: lead.id, kind: 'status', text: status, author: authorOf(c) },
          options.now(),
        );
        return c.json<UpdatedLead, 200>({ lead }, 200);
      },
    )
    .post('/leads/:id/release', requireUser(deps, 'Admin'), recordId(NOT_A_LEAD_ID), async (c) => {
      // A lead held by the site-wide cap: it becomes `new` and its notifications go out now.
      const { mail } = options;
      const id = c.req.param('id');
      const held = await leads().findLead(id);
      const confirm = await mail.visitorMayReceive(held.email);
      const lead = await leads().releaseLead(id, options.now(), leadMessages(held, mail.settings, confirm));
      await notes().addLeadNote(
        { leadId: lead.id, kind: 'status', text: lead.status, author: authorOf(c) },
        options.now(),
      );
      mail.sender.kick();
      return c.json<UpdatedLead, 200>({ lead }, 200);
    })
    .get('/leads/:id/notes', requireUser(deps, 'Admin'), recordId(NOT_A_LEAD_ID), async (c) => {
      const log = await notes().listLeadNotes(c.req.param('id'), MAX_NOTES_SHOWN);
      return c.json<LeadNotes, 200>({ notes: log }, 200);
    })
    .post(
      '/leads/:id/notes',
      requireUser(deps, 'Admin'),
      recordId(NOT_A_LEAD_ID),
      jsonInput(noteSchema),
      async (c) => {
        const id = c.req.param('id');
        await leads().findLead(id); // throws LeadNotFoundError (404) for a lead that is gone
        const { text } = c.req.valid('json');
        const note = await notes().addLeadNote(
          { leadId: id, kind: 'note', text, author: authorOf(c) },
          options.now(),
        );
        return c.json<AddedNote, 201>({ note }, 201);
      },
    )
    .post('/leads/:id/anonymise', requireUser(deps, 'Admin'), recordId(NOT_A_LEAD_ID), async (c) => {
      // The lead first: if that fails the notes are still there to try again with.
      const lead = await leads().anonymiseLead(c.req.param('id'), options.now());
      await notes().recordPrivacyAction(lead.id, 'anonymised', authorOf(c), options.now());
      return c.json<UpdatedLead, 200>({ lead }, 200);
    })
    .delete('/leads/:id', requireUser(deps, 'Admin'), recordId(NOT_A_LEAD_ID), async (c) => {
      const id = c.req.param('id');
      await leads().deleteLead(id);
      await notes().recordPrivacyAction(id, 'deleted', authorOf(c), options.now());
      return c.body(null, 204);
    });
}
