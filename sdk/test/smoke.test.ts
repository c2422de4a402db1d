import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { NotFoundError, Vapi } from '../src/index.ts';
import { BASE, useMsw } from './msw.ts';

const server = useMsw();

describe('smoke', () => {
  it('lists assistants with auth and maps a 404', async () => {
    server.use(
      http.get(`${BASE}/assistant`, ({ request }) =>
        HttpResponse.json([
          { id: 'a1', auth: request.headers.get('authorization'), q: new URL(request.url).search },
        ]),
      ),
      http.get(`${BASE}/assistant/:id`, () =>
        HttpResponse.json({ message: 'Not Found', statusCode: 404 }, { status: 404 }),
      ),
    );
    const vapi = new Vapi({ token: 'sk', baseUrl: BASE });
    expect(await vapi.assistants.list({ limit: 1 })).toEqual([
      { id: 'a1', auth: 'Bearer sk', q: '?limit=1' },
    ]);
    await expect(vapi.assistants.get('x y')).rejects.toBeInstanceOf(NotFoundError);
    await expect(vapi.assistants.get('x')).rejects.toThrow('GET /assistant/x → 404: Not Found');
    expect(await vapi.request({ method: 'get', path: '/assistant' })).toHaveLength(1);
  });
});
