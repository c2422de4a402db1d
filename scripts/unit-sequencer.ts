// Vitest's default order on a fresh clone (no results cache) is projects by NAME, then files by
// size, larger first: CI ran the long site-server files after five other projects. This
// sequencer orders by the committed duration table instead (scripts/unit-order.ts says how).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { orderByDuration, type DurationTable } from './unit-order.ts';

/** Each unit file's seconds, refreshed by `npm run test:durations` from the last `npm test`. */
export const DURATIONS_FILE = new URL('unit-durations.json', import.meta.url);

export class DurationSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const table = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as DurationTable;
    const root = this.ctx.config.root;
    const entries = files.map((spec) => ({
      spec,
      file: relative(root, spec.moduleId),
      project: spec.project.name,
    }));
    return Promise.resolve(orderByDuration(entries, table).map((entry) => entry.spec));
  }
}
