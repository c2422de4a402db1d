import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import { readJsonBody } from '../json-body.ts';
import { emailField, nameField, passwordField } from './fields.ts';

// Role is not accepted from the body: the server always creates Clients (spec §3).
const newClientSchema = z.object({ name: nameField, email: emailField, password: passwordField });

// Record ids from Airtable (recXXXXXXXXXXXXXX) or SQLite (usr_<hex>); nothing else reaches the store.
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** GET/POST /api/clients and DELETE /api/clients/:id, for Admin sessions only. */
export function clientRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>()
    .use(requireUser(deps, 'Admin'))
    .get('/', async (c) => c.json({ clients: await deps.accounts.list() }))
    .post('/', async (c) => {
      const body = await readJsonBody(c, newClientSchema);
      if (!body.ok) return body.response;
      return c.json({ client: await deps.accounts.addClient(body.data) }, 201);
    })
    .delete('/:id', async (c) => {
      const id = c.req.param('id');
      if (!ID_PATTERN.test(id)) {
        return c.json({ error: 'That is not a client id. Reload the list and try again.', field: 'id' }, 400);
      }
      if (id === c.get('user').id) {
        return c.json({ error: 'You cannot delete your own account while signed in with it.' }, 409);
      }
      await deps.accounts.remove(id);
      return c.body(null, 204);
    });
}
