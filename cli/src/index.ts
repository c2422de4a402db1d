import { DEFAULT_BASE_URL } from '@voxdesk/sdk';

/** Runs the CLI with the given arguments and returns the process exit code. */
export async function run(argv: readonly string[]): Promise<number> {
  if (argv.includes('--version')) {
    console.log('0.1.0');
    return 0;
  }
  console.log(`voxdesk — Vapi from the command line (${DEFAULT_BASE_URL})`);
  return 0;
}
