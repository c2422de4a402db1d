import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateAll } from '../scripts/generate.ts';

// The generator runs in memory and must reproduce the committed files byte for byte:
// edit api/operations.tsv (or the document), then `npm run generate -w @voxdesk/sdk`.
describe('src/generated/ is what the generator writes from api/', () => {
  it('is not stale', { timeout: 60_000 }, async () => {
    const files = await generateAll();
    const dir = new URL('../src/generated/', import.meta.url);
    const committedNames = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${entry.parentPath.slice(dir.pathname.length)}/${entry.name}`.replace(/^\//, ''));
    expect(committedNames.sort(), 'files the generator no longer writes').toEqual([...files.keys()].sort());
    for (const [name, content] of files) {
      const committed = readFileSync(new URL(`../src/generated/${name}`, import.meta.url), 'utf8');
      expect(
        committed === content,
        `src/generated/${name} is stale: run npm run generate -w @voxdesk/sdk`,
      ).toBe(true);
    }
  });
});
