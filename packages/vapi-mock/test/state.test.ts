import { describe, expect, it } from 'vitest';
import { api, callPrerequisites, ISO, useFakeVapi, UUID } from './helpers.ts';

const fake = useFakeVapi({
  token: 'sk-test-private-key',
  seed: { assistants: [{ name: 'Seeded', createdAt: '2026-01-01T00:00:00.000Z' }] },
});

describe('state round trips through msw', () => {
  it('creates an assistant with Vapi bookkeeping fields, then lists, gets, updates, replaces and deletes it', async () => {
    const created = await api('POST', '/assistant', { body: { name: 'Reception', firstMessage: 'Hello!' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Reception',
      firstMessage: 'Hello!',
      orgId: fake.state.orgId,
    });
    expect(created.body.id).toMatch(UUID);
    expect(created.body.createdAt).toMatch(ISO);
    expect(created.body.updatedAt).toBe(created.body.createdAt);
    const id: string = created.body.id;

    const list = await api('GET', '/assistant');
    expect(list.body.map((a: { name: string }) => a.name)).toEqual(['Reception', 'Seeded']);

    expect((await api('GET', `/assistant/${id}`)).body).toEqual(created.body);

    const patched = await api('PATCH', `/assistant/${id}`, { body: { name: 'Front desk' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, name: 'Front desk', firstMessage: 'Hello!' });
    expect(patched.body.updatedAt > created.body.updatedAt).toBe(true);

    const replaced = await api('PUT', `/assistant/${id}`, { body: { name: 'Replaced' } });
    expect(replaced.body).toMatchObject({ id, name: 'Replaced', createdAt: created.body.createdAt });
    expect(replaced.body).not.toHaveProperty('firstMessage');

    const deleted = await api('DELETE', `/assistant/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(id);
    expect((await api('GET', `/assistant/${id}`)).status).toBe(404);
    expect(fake.state.assistants.has(id)).toBe(false);
  });

  it('unsets a field a PATCH sends as null (IsOptional lets null through), and still checks the others', async () => {
    const created = await api('POST', '/assistant', { body: { name: 'Reception', firstMessage: 'Hello!' } });
    const id: string = created.body.id;
    const patched = await api('PATCH', `/assistant/${id}`, { body: { firstMessage: null, name: 'Desk' } });
    expect(patched.status).toBe(200);
    expect(patched.body).not.toHaveProperty('firstMessage');
    expect(patched.body).toMatchObject({ id, name: 'Desk' });
    expect((await api('GET', `/assistant/${id}`)).body).not.toHaveProperty('firstMessage');
    const bad = await api('PATCH', `/assistant/${id}`, { body: { firstMessage: 42 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['firstMessage must be a string']);
    // A create is not a PATCH: null is still not a string there.
    expect((await api('POST', '/assistant', { body: { firstMessage: null } })).status).toBe(400);
  });

  it('matches a trailing slash like the real router', async () => {
    expect((await api('GET', '/assistant/')).body).toHaveLength(1);
  });

  it('keeps tokens, with a secret value, in state', async () => {
    const token = await api('POST', '/token', { body: { tag: 'public', name: 'Web widget' } });
    expect(token.status).toBe(201);
    expect(token.body).toMatchObject({ tag: 'public', name: 'Web widget' });
    expect(token.body.value).toMatch(UUID);
    expect(fake.state.tokens.get(token.body.id)).toEqual(token.body);
    expect((await api('GET', '/token')).body).toHaveLength(1);
  });

  it('imports a Twilio number and places a queued call from it', async () => {
    const imported = await api('POST', '/phone-number/import/twilio', {
      body: { twilioPhoneNumber: '+14155550199', twilioAccountSid: 'AC1', twilioAuthToken: 'secret' },
    });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ provider: 'twilio', number: '+14155550199', status: 'active' });
    expect(imported.body).not.toHaveProperty('twilioPhoneNumber');

    const { assistantId } = await callPrerequisites();
    const call = await api('POST', '/call', {
      body: { assistantId, phoneNumberId: imported.body.id, customer: { number: '+61400000000' } },
    });
    expect(call.status).toBe(201);
    expect(call.body).toMatchObject({
      type: 'outboundPhoneCall',
      status: 'queued',
      assistantId,
      phoneNumberId: imported.body.id,
      customer: { number: '+61400000000' },
      phoneCallProvider: 'twilio',
      phoneCallTransport: 'pstn',
    });
    expect((await api('GET', `/call?assistantId=${assistantId}`)).body).toHaveLength(1);
    expect((await api('GET', '/call?assistantId=someone-else')).body).toHaveLength(0);
    expect((await api('GET', '/v2/call')).body.results[0].id).toBe(call.body.id);
  });

  it('creates one call per customer for a batch', async () => {
    const refs = await callPrerequisites();
    const batch = await api('POST', '/call', {
      body: { ...refs, customers: [{ number: '+61400000001' }, { number: 'not-a-number' }] },
    });
    expect(batch.status).toBe(201);
    expect(batch.body.results).toHaveLength(1);
    expect(batch.body.errors).toHaveLength(1);
    expect(fake.state.calls.size).toBe(1);
  });

  it('answers a web call with its webCallUrl', async () => {
    const { assistantId } = await callPrerequisites();
    const call = await api('POST', '/call/web', { body: { assistantId } });
    expect(call.status).toBe(201);
    expect(call.body).toMatchObject({ type: 'webCall', status: 'queued', assistantId });
    expect(call.body.webCallUrl).toMatch(/^https:\/\/vapi\.daily\.co\/\w+$/);
  });

  it('stores a multipart upload with its name, type and size, and serves the bytes back', async () => {
    const form = new FormData();
    form.append('file', new File(['# FAQ\nOpen 9-5.'], 'faq.md', { type: 'text/markdown' }));
    const file = await api('POST', '/file', { body: form });
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({
      object: 'file',
      status: 'done',
      name: 'faq.md',
      originalName: 'faq.md',
      mimetype: 'text/markdown',
      bytes: 15,
    });
    const download = await fetch(file.body.url);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('# FAQ\nOpen 9-5.');
    expect((await api('GET', '/file')).body).toHaveLength(1);
  });

  it('redirects recording downloads to a presigned URL on the same origin that serves the bytes', async () => {
    const refs = await callPrerequisites();
    const call = await api('POST', '/call', { body: { ...refs, customer: { number: '+61400000000' } } });
    const redirect = await api('GET', `/call/${call.body.id}/mono-recording`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    expect(location).toMatch(
      /^https:\/\/api\.vapi\.ai\/__storage\/call\/.+\/mono-recording\?.*X-Amz-Signature=\w+/,
    );

    const followed = await fetch(`https://api.vapi.ai/call/${call.body.id}/mono-recording`, {
      headers: { authorization: 'Bearer sk-test-private-key' },
    });
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toBe('audio/wav');
    const bytes = new Uint8Array(await followed.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');

    const tampered = await fetch(location.replace(/X-Amz-Signature=\w+/, 'X-Amz-Signature=forged'));
    expect(tampered.status).toBe(403);
    expect((await api('GET', '/call/00000000-0000-4000-8000-000000000000/pcap')).status).toBe(404);
  });

  it('resets to the seeded state, keeping the same Map objects', async () => {
    const assistants = fake.state.assistants;
    await api('POST', '/assistant', { body: { name: 'Temporary' } });
    await api('POST', '/squad', { body: { members: [] } });
    expect(assistants.size).toBe(2);
    fake.reset();
    expect(fake.state.assistants).toBe(assistants);
    expect([...assistants.values()].map((a) => a.name)).toEqual(['Seeded']);
    expect(fake.state.collections.has('/squad')).toBe(false);
    expect(fake.state.requests).toEqual([]);
  });

  it('keeps nested resources under their parent', async () => {
    const suite = await api('POST', '/test-suite', { body: { name: 'Smoke' } });
    const test = await api('POST', `/test-suite/${suite.body.id}/test`, { body: { name: 'Greets' } });
    expect(test.status).toBe(201);
    // Test-suite lists are page-based in the SDK's table.
    expect((await api('GET', `/test-suite/${suite.body.id}/test`)).body.results).toHaveLength(1);
    expect((await api('GET', `/test-suite/${suite.body.id}/test/${test.body.id}`)).body.name).toBe('Greets');
    const stranger = await api('GET', `/test-suite/00000000-0000-4000-8000-000000000000/test`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: 'Test suite not found', error: 'Not Found', statusCode: 404 });
  });
});
