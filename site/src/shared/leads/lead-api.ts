import type { ApiErrorBody, LeadForm } from '../../../contract/api-types.ts';

/** What the booking dialog and the contact form send to `POST /api/leads` (the token is added here). */
export type LeadInput = Omit<LeadForm, 'formToken'>;

export type LeadResult = { ok: true } | { ok: false; message: string; errors: Record<string, string> };

// The /api client (Hono's RPC client) loads when the visitor starts a form, not with the page:
// the marketing pages ship it only to those who write to us.
const loadClient = () => import('../api/index.ts');

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A form token: asked for when the form is first used (not on page load), so the server can
 * tell a person's pace from a script's. `send` waits out the rest of the minimum fill time
 * itself, so a person who fills the form in with autofill is never refused.
 */
export class LeadSender {
  #token: Promise<{ token: string; readyAt: number }> | undefined;

  /** Starts the clock; call when the visitor opens or starts the form. Safe to call often. */
  prepare(): void {
    this.#token ??= loadClient()
      .then(({ api, call }) => call(api.leads['form-token'].$get()))
      .then(({ token, minFillMs }) => ({ token, readyAt: Date.now() + minFillMs + 100 }));
    // A failed fetch is retried on the next prepare/send.
    this.#token.catch(() => {
      this.#token = undefined;
    });
  }

  async send(lead: LeadInput): Promise<LeadResult> {
    try {
      this.prepare();
      const { token, readyAt } = await this.#token!;
      const wait = readyAt - Date.now();
      if (wait > 0) await sleep(wait);
      const { api, call } = await loadClient();
      await call(api.leads.$post({ json: { ...lead, formToken: token } }));
      this.#token = undefined;
      return { ok: true };
    } catch (error) {
      // An expired token (a tab left open for a day): the next try starts a fresh one.
      this.#token = undefined;
      if (error instanceof (await loadClient()).ApiError) {
        const body = error.body as Partial<ApiErrorBody> | undefined;
        return { ok: false, message: error.message, errors: body?.errors ?? {} };
      }
      return { ok: false, message: String(error), errors: {} };
    }
  }
}
