import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Every TypeScript block in the guides (docs/*.md) type-checks against the SDK's real types,
 * so a renamed method or option breaks the build instead of the reader.
 */

const root = join(import.meta.dirname, '../..');
const docsDir = join(root, 'docs');
const GENERATED = new Set(['cli.md', 'endpoints.md', 'server-messages.md']);

/** Names the guides use without defining them, as a reader's surrounding code would. */
const PRELUDE = `declare const id: string;
declare const assistantId: string;
declare const callId: string;
declare const publicKey: string;
declare const token: string;
declare const body: { name: string };
declare const input: { files: File[] | null };
declare const sample1: Blob;
declare const sample2: Blob;
declare const startedAt: Date;
declare const secrets: { current(name: string): string };
`;

const TSCONFIG = {
  extends: join(root, 'tsconfig.base.json'),
  compilerOptions: {
    composite: false,
    noEmit: true,
    declaration: false,
    emitDeclarationOnly: false,
    types: ['node'],
  },
  include: ['*.ts'],
};

interface Snippet {
  file: string;
  code: string;
}

function snippets(): Snippet[] {
  return readdirSync(docsDir)
    .filter((name) => name.endsWith('.md') && !GENERATED.has(name))
    .flatMap((name) =>
      [...readFileSync(join(docsDir, name), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m, i) => ({
        file: `${name.replace(/\W/g, '_')}_${i + 1}.ts`,
        code: m[1]!,
      })),
    );
}

/** Imports first; a `vapi` client for fragments that use one without creating it. */
function asModule({ code }: Snippet): string {
  const lines = code.split('\n');
  const imports = lines.filter((line) => line.startsWith('import '));
  const rest = lines.filter((line) => !line.startsWith('import ')).join('\n');
  const client =
    /\bvapi\./.test(rest) && !/const vapi\b/.test(rest)
      ? "const vapi = new (await import('@voxdesk/sdk')).Vapi({ token });\n"
      : '';
  return `${imports.join('\n')}\n${PRELUDE}export {};\n${client}${rest}`;
}

test('every TypeScript snippet in the guides type-checks against the SDK', async () => {
  test.setTimeout(120_000);
  const all = snippets();
  expect(all.length).toBeGreaterThan(15);
  // Inside the repository (git-ignored), so `@voxdesk/sdk` resolves like it does for a reader.
  mkdirSync(join(root, '.tsbuild'), { recursive: true });
  const dir = mkdtempSync(join(root, '.tsbuild', 'docs-snippets-'));
  try {
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    for (const snippet of all) writeFileSync(join(dir, snippet.file), asModule(snippet));
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', dir], { cwd: root }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
