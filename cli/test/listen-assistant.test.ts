import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVapiServer, type FakeVapiServer } from '@voxdesk/vapi-mock';
import { TOKEN } from './fake-api.ts';
import { harness, tempConfigHome } from './harness.ts';

const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const TUNNEL = 'https://tunnel.example.com/vapi';
const PROD = { url: 'https://prod.example.com/vapi', timeoutSeconds: 20 };

let fake: FakeVapiServer;
let home: Awaited<ReturnType<typeof tempConfigHome>>;
beforeAll(async () => {
  fake = await startFakeVapiServer({
    token: TOKEN,
    seed: {
      assistants: [
        { id: 'asst-1', name: 'Reception', server: PROD },
        { id: 'asst-2', name: 'Bare' },
      ],
    },
  });
  home = await tempConfigHome();
});
afterAll(async () => {
  await fake.close();
  await home.cleanup();
});

/** `voxdesk listen` as a real process; resolves once it listens, with its exit to await. */
async function listenProcess(...args: string[]) {
  const child = spawn(process.execPath, ['--conditions=source', BIN, 'listen', '--port', '0', ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: home.dir,
      XDG_CONFIG_HOME: home.dir,
      VAPI_TOKEN: TOKEN,
      VAPI_BASE_URL: fake.url,
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await Promise.race([
    new Promise<void>((resolve) => {
      const check = () => (/Listening on/.test(stderr) ? resolve() : setTimeout(check, 20));
      check();
    }),
    exit.then((code) => {
      throw new Error(`listen exited ${code}: ${stderr}`);
    }),
  ]);
  return { child, exit, stderr: () => stderr };
}

describe('listen --assistant (a real process, Ctrl-C)', () => {
  it('points the server URL at --public-url while listening and restores it on SIGINT', async () => {
    const listen = await listenProcess('--assistant', 'asst-1', '--public-url', TUNNEL);
    expect(fake.state.assistants.get('asst-1')?.server).toEqual({ ...PROD, url: TUNNEL });
    expect(listen.stderr()).toContain(
      `Server URL of Reception (asst-1) set to ${TUNNEL} for this session (was ${PROD.url}).`,
    );
    listen.child.kill('SIGINT');
    expect(await listen.exit).toBe(130);
    expect(fake.state.assistants.get('asst-1')?.server).toEqual(PROD);
    expect(listen.stderr()).toContain(`Restored the server URL of Reception (asst-1) (${PROD.url}).`);
  }, 60_000);

  it('unsets a server URL the assistant did not have', async () => {
    const listen = await listenProcess('--assistant', 'asst-2', '--public-url', TUNNEL);
    expect(fake.state.assistants.get('asst-2')?.server).toEqual({ url: TUNNEL });
    listen.child.kill('SIGINT');
    expect(await listen.exit).toBe(130);
    expect(fake.state.assistants.get('asst-2')).not.toHaveProperty('server');
  }, 60_000);

  it('needs --public-url, and changes nothing without it (exit 2)', async () => {
    const cli = harness({ env: { VAPI_TOKEN: TOKEN, VAPI_BASE_URL: fake.url } });
    expect(await cli.run('listen', '--port', '0', '--assistant', 'asst-1')).toBe(2);
    expect(cli.stderr.text).toContain('--assistant needs --public-url');
    expect(fake.state.assistants.get('asst-1')?.server).toEqual(PROD);
  });
});
