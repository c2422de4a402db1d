/** Exit codes, as documented in the README: scripts branch on them. */
export const ExitCode = {
  ok: 0,
  /** The API answered with an error, or the network failed. */
  error: 1,
  /** Bad flags, arguments or input; nothing was sent. */
  usage: 2,
  /** `diff`: the account differs from the folder (for CI gates). */
  changes: 3,
  /** No token, or the API rejected it. */
  auth: 4,
  /** `calls watch`: the call ended with an error reason (failed to connect, pipeline error). */
  callFailed: 5,
  /** `calls watch`, `logs --follow`: Vapi stayed unreachable (or 429/5xx) past --max-outage. */
  connectionLost: 6,
  /** Stopped by Ctrl-C (the shell's 128 + SIGINT). */
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** An error whose message is already the one line the user should read. */
export class CliError extends Error {
  readonly exitCode: ExitCodeValue;

  constructor(message: string, exitCode: ExitCodeValue = ExitCode.error) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** Wrong flags, arguments or input: exit 2, nothing sent. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.usage);
    this.name = 'UsageError';
  }
}

/** No token, or a token the API rejected: exit 4. */
export class AuthError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.auth);
    this.name = 'AuthError';
  }
}

/** The user declined a confirmation: exit 2 (as `gh`), nothing changed. */
export class CancelledError extends CliError {
  constructor(message = 'cancelled; nothing was changed') {
    super(message, ExitCode.usage);
    this.name = 'CancelledError';
  }
}

/** The command already said everything (e.g. `--json` output); exit with this code, print nothing more. */
export class SilentExit extends CliError {
  constructor(exitCode: ExitCodeValue) {
    super('', exitCode);
    this.name = 'SilentExit';
  }
}
