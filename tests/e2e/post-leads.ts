import { expect, type APIRequestContext } from '@playwright/test';

/** Posts leads as the site's forms do: a form token each, sent after the minimum fill time. */
export async function postLeads(request: APIRequestContext, leads: Record<string, string>[]) {
  const tokens: string[] = [];
  let origin = '';
  for (let i = 0; i < leads.length; i++) {
    const answer = await request.get('/api/leads/form-token');
    tokens.push(((await answer.json()) as { token: string }).token);
    origin = new URL(answer.url()).origin;
  }
  await new Promise((resolve) => setTimeout(resolve, 3_200));
  for (const [i, lead] of leads.entries()) {
    const sent = await request.post('/api/leads', {
      // A browser's page on this site sends its origin; the server refuses other posts.
      headers: { origin },
      data: { sourcePage: '/', language: 'en', ...lead, formToken: tokens[i] },
    });
    expect(sent.status()).toBe(201);
  }
}
