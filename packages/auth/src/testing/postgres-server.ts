// A throw-away PostgreSQL server for tests and benchmarks: `initdb` into a temp folder, the
// server on a free 127.0.0.1 port (its unix socket in the same folder), stopped and removed
// by `stop()` or when the process exits. Uses the Debian `postgresql` package's binaries
// (`.ci/run` installs it) or the folder in `PG_BIN`.
//
// initdb and postgres refuse to run as root. Run as root (CI, these sessions), the commands
// go through `runuser -u postgres --` and the temp folder is handed to that user.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';

const run = promisify(execFile);

export interface TestPostgres {
  /** `postgres://voxdesk@127.0.0.1:PORT/voxdesk`: trust authentication, loopback only. */
  url: string;
  /** The folder holding the data directory, the socket and the log. */
  dir: string;
  port: number;
  /** With `tls: true`: the PEM file of the throw-away CA that signed the server's certificate (for 127.0.0.1). */
  caFile?: string;
  /** A URL for another database on this server (created when missing). */
  database(name: string): Promise<string>;
  /** Freezes the server and every backend (SIGSTOP), as a hung host would; `thaw()` resumes them. */
  freeze(): void;
  thaw(): void;
  /** Shuts the server down (fast) and starts it again on the same port, keeping the data. */
  halt(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The newest `/usr/lib/postgresql/<version>/bin`, or `PG_BIN`. */
export function postgresBinDir(env: Record<string, string | undefined> = process.env): string {
  if (env.PG_BIN) return env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      'No PostgreSQL server binaries found (looked for /usr/lib/postgresql/*/bin/initdb). Install them with `apt-get install -y postgresql` (.ci/run does), or set PG_BIN to the folder holding initdb, pg_ctl and postgres.',
    );
  }
  return join(root, versions[0]!, 'bin');
}

/** The `postgres` OS user (made by the Debian package), who runs the server when we are root. */
function postgresUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch (error) {
    throw new Error(
      "initdb and postgres refuse to run as root, and there is no 'postgres' user to run them as. Create one (useradd --system postgres) or run the tests as an ordinary user.",
      { cause: error },
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throw-away CA and a server certificate for 127.0.0.1 signed by it, made with the openssl
 * command (the postgresql package depends on it through ssl-cert). EC keys: fast to make.
 */
async function makeCertificates(dir: string, owner?: { uid: number; gid: number }) {
  // File names only (relative to `dir`), so splitting on spaces is safe.
  const ssl = (command: string) => run('openssl', command.split(' '), { cwd: dir });
  const ec = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes';
  await ssl(
    `req -x509 ${ec} -keyout ca.key -out ca.pem -days 2 -subj /CN=voxdesk-test-ca ` +
      '-addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign',
  );
  await ssl(`req ${ec} -keyout server.key -out server.csr -subj /CN=127.0.0.1`);
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await ssl(
    'x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile server.ext',
  );
  // The server refuses a key others can read; run as root, it must also own it.
  chmodSync(join(dir, 'server.key'), 0o600);
  if (owner) chownSync(join(dir, 'server.key'), owner.uid, owner.gid);
  return { caFile: join(dir, 'ca.pem'), certFile: join(dir, 'server.pem'), keyFile: join(dir, 'server.key') };
}

const shellQuote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * A detached shell that waits for process `pid` to end, then runs `stop` and removes `dir`.
 * `exit` handlers do not run in a process killed by a signal (Stryker ends its test runners
 * that way, as does a killed test run), and pg_ctl's server is a daemon of its own: without
 * this, every such run left a PostgreSQL server behind (eight after one session).
 */
function reapWhenGone(pid: number, [file, args]: [string, string[]], dir: string): ChildProcess {
  const script =
    `while kill -0 ${pid} 2>/dev/null; do sleep 1; done; ` +
    `${[file, ...args].map(shellQuote).join(' ')} >/dev/null 2>&1; rm -rf ${shellQuote(dir)}`;
  const reaper = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  reaper.unref();
  return reaper;
}

/**
 * `durable: true` keeps PostgreSQL's default fsync and synchronous commit (benchmarks compare
 * it with SQLite, which syncs each commit); tests skip them for speed. `tls: true` also
 * accepts TLS connections, with a certificate from a throw-away CA (`caFile`). `parentDir`
 * holds the cluster's folder (default: the system temp folder).
 */
export async function startTestPostgres(
  options: { durable?: boolean; tls?: boolean; parentDir?: string } = {},
): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  // `parentDir`: e.g. a small tmpfs, to fill the database's disk on purpose.
  const dir = mkdtempSync(join(options.parentDir ?? tmpdir(), 'voxdesk-pg-'));
  const data = join(dir, 'data');
  const owner = asRoot ? postgresUser() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const tls = options.tls ? await makeCertificates(dir, owner) : undefined;
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const pg = async (tool: string, args: string[]) => {
    const [file, argv] = command(tool, args);
    try {
      await run(file, argv, { cwd: dir });
    } catch (error) {
      const e = error as { stderr?: string; message: string };
      throw new Error(`${tool} failed: ${e.stderr?.trim() || e.message}`, { cause: error });
    }
  };

  await pg('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'voxdesk',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
    '--no-instructions',
  ]);
  let port: number;
  let settings = '';
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=300',
      '-c shared_buffers=32MB',
      // Durability is not what the tests check (kill -9 hits the site server, not this one).
      ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
      ...(tls ? ['-c ssl=on', `-c ssl_cert_file=${tls.certFile}`, `-c ssl_key_file=${tls.keyFile}`] : []),
    ].join(' ');
    try {
      await pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '30', '-o', settings, 'start']);
      break;
    } catch (error) {
      // Another process may have taken the free port between the probe and the start.
      if (attempt >= 3) throw error;
    }
  }
  const stopCommand = command('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
  const reaper = reapWhenGone(process.pid, stopCommand, dir);
  const stopNow = () => {
    reaper.kill();
    try {
      execFileSync(stopCommand[0], stopCommand[1], { stdio: 'ignore' });
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);

  const base = `postgres://voxdesk@127.0.0.1:${port}`;
  const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => {} });
  const database = async (name: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad database name ${name}`);
    const [found] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (!found) await admin.unsafe(`CREATE DATABASE ${name}`);
    return `${base}/${name}`;
  };
  const url = await database('voxdesk');
  let stopped: Promise<void> | undefined;
  // The postmaster and its children (backends, checkpointer…), for freeze() and thaw().
  const serverPids = () => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm has no ") " in Postgres' processes.
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of serverPids()) {
      try {
        process.kill(pid, signal);
      } catch {
        // exited meanwhile
      }
    }
  };
  return {
    url,
    dir,
    port,
    ...(tls ? { caFile: tls.caFile } : {}),
    database,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    halt: () => pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    restart: () =>
      pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '30', '-o', settings, 'start']),
    stop() {
      stopped ??= (async () => {
        await admin.end({ timeout: 1 });
        process.removeListener('exit', stopNow);
        stopNow();
      })();
      return stopped;
    },
  };
}

/**
 * A new empty schema on `url` for one test (the store's migrations then run in it), and
 * a function that drops it.
 */
export async function createTestSchema(url: string): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`CREATE SCHEMA ${schema}`);
  } finally {
    await sql.end({ timeout: 1 });
  }
  return {
    schema,
    async drop() {
      const drop = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await drop.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await drop.end({ timeout: 1 });
      }
    },
  };
}
