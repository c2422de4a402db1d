/**
 * Commit messages from round 3 on: a subject of at most 72 characters, then (when there is a
 * body) one blank line. Older history predates the rule and is not rewritten. Run by `.ci/run`
 * on the clone it tests; `node scripts/check-commits.ts [<base>]` checks `<base>..HEAD`.
 */
import { execFileSync } from 'node:child_process';

/** The last commit before the rule; every commit after it is checked. */
const RULE_BASE = 'f30750d';
const MAX_SUBJECT = 72;

export function problemsOf(message: string): string[] {
  const [subject = '', second] = message.split('\n');
  const problems: string[] = [];
  if (subject.trim() === '') problems.push('empty subject');
  if ([...subject].length > MAX_SUBJECT)
    problems.push(`subject is ${[...subject].length} characters (at most ${MAX_SUBJECT})`);
  if (second !== undefined && second.trim() !== '')
    problems.push('no blank line between the subject and the body');
  return problems;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8' });
}

if (import.meta.main) {
  const base = process.argv[2] ?? RULE_BASE;
  try {
    git('cat-file', '-e', `${base}^{commit}`);
  } catch {
    console.log(`check-commits: ${base} is not in this clone (shallow?); nothing to check`);
    process.exit(0);
  }
  const hashes = git('rev-list', '--no-merges', `${base}..HEAD`).split('\n').filter(Boolean);
  let bad = 0;
  for (const hash of hashes) {
    const problems = problemsOf(git('log', '-1', '--format=%B', hash).replace(/\n+$/, ''));
    if (problems.length === 0) continue;
    bad++;
    console.error(
      `${hash.slice(0, 9)} ${git('log', '-1', '--format=%s', hash).trim()}\n  ${problems.join('; ')}`,
    );
  }
  console.log(
    `check-commits: ${hashes.length - bad} of ${hashes.length} commits since ${base} follow the message rule`,
  );
  process.exit(bad === 0 ? 0 : 1);
}
