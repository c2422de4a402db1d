// The folder itself: problems in the files, secrets, and the terminal (colours, confirmation).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { DEFAULT_ORG_ID } from '@voxdesk/vapi-mock';
import {
  copyExample,
  sdk,
  seedClinic,
  server,
  TOKEN,
  voxdesk,
  work,
  writes,
  useGitopsFixture,
} from './gitops-fixture.ts';

useGitopsFixture();

describe('problems in the files', () => {
  it('a missing folder is a usage error that says how to start', async () => {
    const result = await voxdesk(['diff', '--dir', join(work, 'nowhere')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`no folder ${join(work, 'nowhere')}: run \`voxdesk pull --dir`);
    expect(server.state.requests).toEqual([]);
  });

  it('a state file entry that is not a file name is refused before any file is written', async () => {
    const dir = await copyExample();
    await writeFile(
      join(dir, '.voxdesk-state.json'),
      JSON.stringify({ version: 1, profiles: { default: { tools: { '../../escape': 'x' } } } }),
    );
    const result = await voxdesk(['pull', '--dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('tools: "../../escape" is not a file name');
  });

  it('a YAML error names the file and line; nothing is sent', async () => {
    const dir = await copyExample();
    await writeFile(
      join(dir, 'tools/book-appointment.yaml'),
      'type: function\nfunction:\n  name: book\n   description: x\n',
    );
    const result = await voxdesk(['diff', '--dir', dir]);
    // Not YAML at all: bad input, exit 2 (issue 25).
    expect(result.code).toBe(2);
    // The parser stops at line 3 (a mapping cannot start after `name: book` on the next line).
    expect(result.stderr).toBe(
      `${join(dir, 'tools/book-appointment.yaml')}:3: invalid YAML: Nested mappings are not allowed in compact mappings\n` +
        `${join(dir, 'tools/book-appointment.yaml')}:3: invalid YAML: Implicit keys need to be on a single line\n` +
        'voxdesk: 2 problems in the files; nothing was sent\n',
    );
    expect(server.state.requests).toEqual([]);
  });

  it('an unclosed quote is reported at the line that opens it, exit 2', async () => {
    const dir = await copyExample();
    const path = join(dir, 'assistants/nurse-line.yaml');
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace(/firstMessage: .*\n/, 'firstMessage: "Nurse line, how can I help?\n'));
    const line = text.split('\n').findIndex((entry) => entry.startsWith('firstMessage')) + 1;
    const result = await voxdesk(['diff', '--dir', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${path}:${line}: invalid YAML: Missing closing "quote`);
    expect(server.state.requests).toEqual([]);
  });

  it('a misspelt kind folder and a file outside the kind folders are errors', async () => {
    const dir = await copyExample();
    await mkdir(join(dir, 'assistant'));
    await writeFile(join(dir, 'assistant/after-hours.yaml'), 'name: After hours\n');
    await writeFile(join(dir, 'stray.yaml'), 'name: Stray\n');
    const result = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${join(dir, 'assistant')}: is not a kind folder (did you mean assistants?); the folders are tools, structured-outputs, assistants, squads, phone-numbers, evals, test-suites\n`,
    );
    expect(result.stderr).toContain(`${join(dir, 'stray.yaml')}: is outside a kind folder`);
    expect(server.state.requests).toEqual([]);
  });

  it('nested unknown fields are refused with "did you mean" (model.temprature, voice.stabilty)', async () => {
    const dir = await copyExample();
    const path = join(dir, 'assistants/nurse-line.yaml');
    const text = await readFile(path, 'utf8');
    await writeFile(
      path,
      text
        .replace('model: gpt-4o', 'model: gpt-4o\n  temprature: 0.3')
        .replace('provider: vapi\n  voiceId: Savannah', 'provider: 11labs\n  voiceId: burt\n  stabilty: 0.5'),
    );
    const result = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(result.code).toBe(1);
    const lines = (await readFile(path, 'utf8')).split('\n');
    const at = (start: string) => lines.findIndex((entry) => entry.trimStart().startsWith(start)) + 1;
    expect(result.stderr).toContain(
      `${path}:${at('temprature')}: model.temprature: is not a field of model (did you mean temperature?)\n`,
    );
    expect(result.stderr).toContain(
      `${path}:${at('stabilty')}: voice.stabilty: is not a field of voice (did you mean stability?)\n`,
    );
    expect(server.state.requests).toEqual([]);
  });

  it('schema problems name file, field and line, every one at once', async () => {
    const dir = await copyExample();
    const path = join(dir, 'assistants/nurse-line.yaml');
    await writeFile(
      path,
      (await readFile(path, 'utf8'))
        .replace('firstMessage:', 'fristMessage:')
        .replace('model: gpt-4o', 'model: gpt-4o\n  temperature: warm')
        .replace('provider: vapi', 'provider: nobody'),
    );
    const result = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      `${path}:2: fristMessage: is not a field of this resource (did you mean firstMessage?)`,
      `${path}:6: model.temperature: must be number`,
      expect.stringMatching(new RegExp(`^${path}:14: voice.provider: must be one of: .*\\bvapi\\b`)),
      'voxdesk: 3 problems in the files; nothing was sent',
    ]);
    expect(server.state.requests).toEqual([]);
  });
});

describe('secrets', () => {
  const seedTwilio = () =>
    sdk().phoneNumbers.create({
      provider: 'twilio',
      name: 'Sydney line',
      number: '+61291234567',
      twilioAccountSid: 'AC0123456789',
      twilioAuthToken: 'tok-live-123',
    } as never);

  it('are pulled as ${ENV} placeholders and resolved from the environment when planning', async () => {
    const number = await seedTwilio();
    const dir = join(work, 'vapi');
    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.stderr).toContain('set these before apply: SYDNEY_LINE_TWILIO_AUTH_TOKEN');
    const path = join(dir, 'phone-numbers/sydney-line.yaml');
    const text = await readFile(path, 'utf8');
    expect(text).toContain('twilioAuthToken: ${SYDNEY_LINE_TWILIO_AUTH_TOKEN}\n');
    expect(text).not.toContain('tok-live-123');

    server.state.requests.length = 0;
    const missing = await voxdesk(['diff', '--dir', dir]);
    expect(missing.code).toBe(1);
    const line = text.split('\n').findIndex((entry) => entry.startsWith('twilioAuthToken')) + 1;
    expect(missing.stderr).toContain(
      `${path}:${line}: twilioAuthToken: environment variable SYDNEY_LINE_TWILIO_AUTH_TOKEN is not set\n`,
    );
    expect(server.state.requests).toEqual([]);

    const same = await voxdesk(['diff', '--dir', dir], {
      env: { SYDNEY_LINE_TWILIO_AUTH_TOKEN: 'tok-live-123' },
    });
    expect(same.code).toBe(0);

    const rotated = { SYDNEY_LINE_TWILIO_AUTH_TOKEN: 'tok-live-456' };
    const diff = await voxdesk(['diff', '--dir', dir], { env: rotated });
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain(
      '@@ twilioAuthToken @@\n-"(a different secret)"\n+"${SYDNEY_LINE_TWILIO_AUTH_TOKEN}"\n',
    );
    expect(diff.stdout).not.toMatch(/tok-live/);
    expect((await voxdesk(['apply', '--dir', dir, '--yes'], { env: rotated })).code).toBe(0);
    const patch = server.state.requests.find((request) => request.method === 'PATCH')!;
    expect(patch.path).toBe(`/phone-number/${number.id}`);
    expect(JSON.parse(patch.body)).toEqual({ twilioAuthToken: 'tok-live-456' });
    expect((await voxdesk(['diff', '--dir', dir], { env: rotated })).code).toBe(0);
  });
});

describe('on a terminal', () => {
  async function editedClinic() {
    await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const path = join(dir, 'assistants/reception.md');
    await writeFile(path, (await readFile(path, 'utf8')).replace('Hello, Harbour', 'Good morning, Harbour'));
    server.state.requests.length = 0;
    return dir;
  }

  it('diff is coloured and indented, field by field', async () => {
    const dir = await editedClinic();
    const cli = harness({ env: { VAPI_TOKEN: TOKEN, VAPI_BASE_URL: server.url }, tty: true });
    expect(await cli.run('diff', '--dir', dir)).toBe(3);
    expect(cli.stdout.text).toBe(
      [
        `\u001b[2mPlan for profile "default", org ${DEFAULT_ORG_ID} at ${server.url}:\u001b[22m`,
        '  \u001b[33m~\u001b[39m \u001b[1massistants/reception\u001b[22m \u001b[2m(update)\u001b[22m',
        '      firstMessage:',
        '        \u001b[31m- "Hello, Harbour Street Clinic."\u001b[39m',
        '        \u001b[32m+ "Good morning, Harbour Street Clinic."\u001b[39m',
        '',
        'Plan: 0 to create, 1 to update, 0 to delete; 3 unchanged.',
        '',
      ].join('\n'),
    );
  });

  it('piped with CLICOLOR_FORCE (a CI log), the patch is coloured as git colours one', async () => {
    const dir = await editedClinic();
    const cli = harness({ env: { VAPI_TOKEN: TOKEN, VAPI_BASE_URL: server.url, CLICOLOR_FORCE: '1' } });
    expect(await cli.run('diff', '--dir', dir)).toBe(3);
    expect(cli.stdout.text).toContain(
      '\u001b[2m@@ firstMessage @@\u001b[22m\n\u001b[31m-"Hello, Harbour Street Clinic."\u001b[39m\n',
    );
  });

  it('apply asks first; no sends nothing (exit 2), yes applies', async () => {
    const dir = await editedClinic();
    const declined = await voxdesk(['apply', '--dir', dir], { tty: true, stdin: 'n\n' });
    expect(declined.stderr).toContain(
      `? Apply 1 change to profile "default", org ${DEFAULT_ORG_ID} at ${server.url}? [y/N] `,
    );
    expect(declined.code).toBe(2);
    expect(writes()).toEqual([]);
    const accepted = await voxdesk(['apply', '--dir', dir], { tty: true, stdin: 'y\n' });
    expect(accepted.code).toBe(0);
    expect(writes()).toHaveLength(1);
  });

  it('without a terminal, apply needs --yes (exit 2, nothing sent); --dry-run only prints the plan', async () => {
    const dir = await editedClinic();
    const refused = await voxdesk(['apply', '--dir', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'apply would make 1 change: refusing without confirmation because this is not a terminal; pass --yes',
    );
    const dry = await voxdesk(['apply', '--dir', dir, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('@@ firstMessage @@');
    expect(writes()).toEqual([]);
  });
});
