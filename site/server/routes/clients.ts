import { Hono } from 'hono';
import { z } from 'zod';
import type { AddedClient, ClientPage } from '../../src/shared/api-types.ts';
import { requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import { readJsonBody } from '../json-body.ts';
import { emailField, nameField, newPasswordField } from './fields.ts';

// Role is not accepted from the body: the server always creates Clients (spec §3).
const newClientSchema = z.object({ name: nameField, email: emailField, password: newPasswordField });
const setPasswordSchema = z.object({ password: newPasswordField });

// Record ids from Airtable (recXXXXXXXXXXXXXX) or SQLite (usr_<hex>); nothing else reaches the store.
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** `?limit=&after=` of a paged list (`after`: the `next` of the previous page). */
export const pageQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  after: z.string().min(1).max(200, 'after is not a page cursor from this API').optional(),
});

const badId = { error: 'That is not a client id. Reload the list and try again.', field: 'id' };

/**
 * GET (paged: `?limit=&after=` → `{ clients, next? }`) and POST /api/clients, DELETE
 * /api/clients/:id and PUT /api/clients/:id/password, for Admin sessions only.
 */
export function clientRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>()
    .use(requireUser(deps, 'Admin'))
    .get('/', async (c) => {
      const query = pageQuery.safeParse({ limit: c.req.query('limit'), after: c.req.query('after') });
      if (!query.success) {
        const issue = query.error.issues[0]!;
        return c.json({ error: issue.message, field: issue.path.join('.') }, 400);
      }
      const { limit, after } = query.data;
      const page = await deps.accounts.store.users.listPage({ limit, ...(after ? { after } : {}) });
      const body: ClientPage = page.next ? { clients: page.users, next: page.next } : { clients: page.users };
      return c.json(body);
    })
    .post('/', async (c) => {
      const body = await readJsonBody(c, newClientSchema);
      if (!body.ok) return body.response;
      const client = await deps.hashGate.run(0, () => deps.accounts.addClient(body.data));
      return c.json({ client } satisfies AddedClient, 201);
    })
    .put('/:id/password', async (c) => {
      const id = c.req.param('id');
      if (!ID_PATTERN.test(id)) return c.json(badId, 400);
      const body = await readJsonBody(c, setPasswordSchema);
      if (!body.ok) return body.response;
      await deps.hashGate.run(0, () => deps.accounts.setClientPassword(id, body.data.password));
      return c.body(null, 204);
    })
    .delete('/:id', async (c) => {
      const id = c.req.param('id');
      if (!ID_PATTERN.test(id)) return c.json(badId, 400);
      if (id === c.get('user').id) {
        return c.json({ error: 'You cannot delete your own account while signed in with it.' }, 409);
      }
      await deps.accounts.remove(id);
      return c.body(null, 204);
    });
}
