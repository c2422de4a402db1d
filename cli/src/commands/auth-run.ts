import type { Command } from 'commander';
import { readConfig, readConfigForRepair, removeToken, writeConfig } from '../config.ts';
import { AuthError, UsageError } from '../errors.ts';
import type { Client, Factory } from '../factory.ts';
import { readSecret } from '../input/prompt.ts';
import { readAll } from '../input/stdin.ts';
import { printStatus } from '../output/print.ts';
import { withSpinner } from '../output/spinner.ts';
import { resolveToken } from '../auth/token.ts';
import { globalsOf } from './shared.ts';

/** One cheap authenticated request: does the API accept this client's token? */
async function verify(factory: Factory, client: Client, consequence: string): Promise<void> {
  try {
    await withSpinner(factory.io, 'Checking the token', () => client.vapi.assistants.list({ limit: 1 }));
  } catch (error) {
    const { AuthenticationError } = await import('@voxdesk/sdk');
    if (error instanceof AuthenticationError)
      throw new AuthError(`the API rejected the token (401 from GET /assistant); ${consequence}`);
    throw error;
  }
}

export async function login(factory: Factory, command: Command): Promise<void> {
  const { withToken } = command.opts<{ withToken?: boolean }>();
  const { io } = factory;
  let token: string;
  if (withToken) token = (await readAll(io.stdin)).trim();
  else if (io.isStdinTTY) token = (await readSecret(io, 'Paste your Vapi API token (input hidden): ')).trim();
  else throw new UsageError('stdin is not a terminal: pipe the token with `voxdesk login --with-token`');
  if (!token) throw new UsageError('no token given; nothing was stored');
  if (/\s/.test(token)) throw new UsageError('the token contains whitespace; nothing was stored');
  const globals = globalsOf(command);
  // A corrupt file must not stop the login that repairs it: verify without it, then move it aside.
  const stored = await readConfig(factory.configPath).catch(() => ({}));
  const client = await factory.getClient(globals, { token, config: stored });
  await verify(factory, client, 'nothing was stored');
  const { config, note } = await readConfigForRepair(factory.configPath);
  if (note) io.stderr.write(`! ${note}\n`);
  await writeConfig(factory.configPath, {
    ...config,
    token,
    ...(globals.baseUrl ? { baseUrl: globals.baseUrl } : {}),
  });
  printStatus(factory, `Logged in to ${client.baseUrl}; token stored in ${factory.configPath}`);
  const shadowing = resolveToken(undefined, factory.env, {});
  if (shadowing) io.stderr.write(`! ${shadowing.source} is set and takes precedence over the stored token\n`);
}

export async function logout(factory: Factory): Promise<void> {
  const { config, note } = await readConfigForRepair(factory.configPath);
  if (note) {
    // The corrupt file is gone (moved aside): that is the logout the user asked for.
    printStatus(factory, `Removed the token: ${note}`);
    return;
  }
  if (!(await removeToken(factory.configPath, config)))
    throw new AuthError(`not logged in: no token stored in ${factory.configPath}`);
  printStatus(factory, `Removed the token from ${factory.configPath}`);
  const remaining = resolveToken(undefined, factory.env, {});
  if (remaining) factory.io.stderr.write(`! ${remaining.source} is still set and will be used\n`);
}

export async function status(factory: Factory, command: Command): Promise<void> {
  // The client resolves the token (flag, environment, config file) exactly as every command does.
  const client = await factory.getClient(globalsOf(command), { requireToken: false });
  if (!client.tokenSource) {
    throw new AuthError(
      `not logged in: no --token, VAPI_TOKEN, VAPI_API_KEY or token in ${factory.configPath}`,
    );
  }
  const where =
    client.tokenSource === 'config file' ? `the config file (${factory.configPath})` : client.tokenSource;
  await verify(factory, client, 'log in again or use another token');
  factory.io.stdout.write(
    `Logged in to ${client.baseUrl}\nToken source: ${where}\nToken: valid (checked with GET /assistant)\n`,
  );
}
