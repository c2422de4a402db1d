#!/usr/bin/env node
import * as nodeModule from 'node:module';

// V8 keeps compiled bytecode between runs, so start-up skips parsing commander and the
// CLI; the import below is dynamic so that it is compiled with the cache on. A namespace
// import, not a named one: Node 22.0 lacks the function and a named import would not link.
nodeModule.enableCompileCache?.();

// `voxdesk … | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

// Ctrl-C: clear a spinner line so the shell prompt starts clean; 130 is the shell's code for it.
// A command that cleans up first (`listen` restoring an assistant's server URL) listens too:
// the first Ctrl-C is then left to it, a second one exits here.
process.on('SIGINT', () => {
  if (process.listenerCount('SIGINT') > 1) return;
  if (process.stderr.isTTY) process.stderr.write('\r\u001b[2K');
  process.exit(130);
});

const argv = process.argv.slice(2);
/** The words that print the root's help, as bare `voxdesk` does. */
const ROOT_HELP = new Set(['--help', '-h', 'help']);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // The one answer that needs no command tree: skip loading commander.
  const { VERSION } = await import('./version.ts');
  process.stdout.write(`${VERSION}\n`);
} else if (argv.length === 0 || (argv.length === 1 && ROOT_HELP.has(argv[0]!))) {
  // The root's help from a table generated from the command tree (root-help/): the same
  // text as commander's, without loading commander or building the tree.
  const { rootHelpText } = await import('./root-help/print.ts');
  process.stdout.write(rootHelpText(process.stdout));
} else {
  // A TAB (`__complete`) on words answered in the last seconds: served before commander and
  // the command tree load; a miss runs the full path, which stores the answer.
  const answer =
    argv[0] === '__complete'
      ? await (await import('./completion/answers.ts')).cachedAnswer(process.env, argv.slice(1), Date.now())
      : undefined;
  if (answer) {
    const { answerText } = await import('./completion/answers.ts');
    process.stdout.write(answerText(answer));
  } else {
    const { run } = await import('./index.ts');
    process.exitCode = await run(argv);
  }
}
