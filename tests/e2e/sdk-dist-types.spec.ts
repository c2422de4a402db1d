import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { operations } from '../../sdk/src/generated/operations.ts';
import { compile, fixture, HOVERS, MAX_MESSAGE, MISTAKES } from '../../sdk/test/type-messages.ts';

/**
 * The SDK's BUILT .d.ts (run after `npm run build`), as an app's editor reads them: type errors
 * and hovers name the DTO in ≤ 300 characters (issue 27). The bundler of the declarations must
 * keep each schema's name, not inline it or rename it (`Assistant$1`). sdk/test/type-names.test.ts
 * runs the same fixture on src.
 */
test('the built .d.ts: errors and hovers name their types in ≤ 300 characters', async () => {
  test.setTimeout(180_000);
  const { source, mistakeLine } = fixture();
  const compiled = compile(source, 'dist');
  MISTAKES.forEach(([what, , name], index) => {
    const errors = compiled.errors.filter((e) => e.line === mistakeLine(index));
    expect(
      errors.map((e) => e.text),
      what,
    ).toHaveLength(1);
    expect(errors[0]?.text, what).toContain(`'${name}'`);
    expect(errors[0]?.text.length, what).toBeLessThanOrEqual(MAX_MESSAGE);
  });
  expect(compiled.errors).toHaveLength(MISTAKES.length);
  HOVERS.forEach(([what, , name], index) => {
    expect(compiled.hovers[`h${index}`], what).toBe(`const h${index}: ${name}`);
  });
  const anonymous = operations.flatMap((o, i) =>
    (['args', 'result'] as const)
      .map((what) => [what, compiled.hovers[`${what}${i}`] ?? ''] as const)
      .filter(([, hover]) => hover === '' || hover.includes('{') || hover.length > MAX_MESSAGE)
      .map(([what, hover]) => `${o.id} ${what}: ${hover}`),
  );
  expect(anonymous).toEqual([]);
});

test('the built declarations keep every name: none renamed with a $n suffix', async () => {
  // rollup-plugin-dts renames a private declaration when two merged files both have one of that
  // name (webhooks' `type Schemas` became `Schemas$1`); an import alias (`Vapi as Vapi$1`) is fine.
  const dist = join(import.meta.dirname, '../../sdk/dist');
  const files = (await readdir(dist, { recursive: true })).filter((f) => /\.d\.c?ts$/.test(f));
  expect(files.length).toBeGreaterThan(0);
  const renamed: string[] = [];
  for (const file of files) {
    const text = await readFile(join(dist, file), 'utf8');
    for (const [line] of text.matchAll(
      /^(?:export )?(?:declare )?(?:type|interface|class|const|function|enum) [\w$]+\$\d+\b.*$/gm,
    ))
      renamed.push(`${file}: ${line.slice(0, 120)}`);
  }
  expect(renamed).toEqual([]);
});

test('each .d.ts has its .d.cts twin, whose relative imports name .cjs files', async () => {
  // sdk/scripts/cts-types.ts writes the CommonJS types from the ESM ones: a require() consumer's
  // types must lead to the CommonJS files' declarations, as tsup's own CommonJS pass did.
  const dist = join(import.meta.dirname, '../../sdk/dist');
  const files = await readdir(dist, { recursive: true });
  const esm = files.filter((f) => f.endsWith('.d.ts'));
  expect(esm.length).toBeGreaterThan(5);
  expect(files.filter((f) => f.endsWith('.d.cts')).sort()).toEqual(
    esm.map((f) => f.replace(/\.d\.ts$/, '.d.cts')).sort(),
  );
  const wrong: string[] = [];
  for (const file of esm) {
    const cts = await readFile(join(dist, file.replace(/\.d\.ts$/, '.d.cts')), 'utf8');
    for (const [specifier] of cts.matchAll(/(?<=(?:from |import |import\()['"])\.{1,2}\/[^'"]+/g))
      if (!specifier.endsWith('.cjs')) wrong.push(`${file}: ${specifier}`);
  }
  expect(wrong).toEqual([]);
});
