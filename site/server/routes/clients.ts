import { Hono } from 'hono';
import { z } from 'zod';
import type { AddedClient, ClientPage } from '../../contract/api-types.ts';
import { requireUser, type ApiDeps, type ApiEnv } from '../api-context.ts';
import { jsonInput, queryInput, recordId } from '../route-input.ts';
import { emailField, nameField, newPasswordField, pageQuery } from './fields.ts';

// Role is not accepted from the body: the server always creates Clients (spec §3).
const newClientSchema = z.object({ name: nameField, email: emailField, password: newPasswordField });
const setPasswordSchema = z.object({ password: newPasswordField });

const badId = 'That is not a client id. Reload the list and try again.';

/**
 * GET (paged: `?limit=&after=` → `{ clients, next? }`) and POST /api/clients, DELETE
 * /api/clients/:id and PUT /api/clients/:id/password, for Admin sessions only.
 */
export function clientRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>()
    .use(requireUser(deps, 'Admin'))
    .get('/', queryInput(pageQuery), async (c) => {
      const { limit, after } = c.req.valid('query');
      const page = await deps.accounts.store.users.listPage({ limit, ...(after ? { after } : {}) });
      const body: ClientPage = page.next ? { clients: page.users, next: page.next } : { clients: page.users };
      return c.json(body, 200);
    })
    .post('/', jsonInput(newClientSchema), async (c) => {
      const client = await deps.hashGate.run(0, () => deps.accounts.addClient(c.req.valid('json')));
      return c.json<AddedClient, 201>({ client }, 201);
    })
    .put('/:id/password', recordId(badId), jsonInput(setPasswordSchema), async (c) => {
      const { password } = c.req.valid('json');
      await deps.hashGate.run(0, () => deps.accounts.setClientPassword(c.req.param('id'), password));
      return c.body(null, 204);
    })
    .delete('/:id', recordId(badId), async (c) => {
      const id = c.req.param('id');
      if (id === c.get('user').id) {
        return c.json({ error: 'You cannot delete your own account while signed in with it.' }, 409);
      }
      await deps.accounts.remove(id);
      return c.body(null, 204);
    });
}
