import { readConfig } from '../../config.ts';
import type { Deps } from '../shared.ts';

/** `voxdesk alias list`: `name<TAB>expansion` per line (aligned with ": " on a terminal). */
export async function run(_opts: object, deps: Deps): Promise<void> {
  const aliases = Object.entries((await readConfig(deps.configPath)).aliases ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  const { io } = deps;
  if (aliases.length === 0) {
    if (io.isStdoutTTY) io.stderr.write('No aliases: add one with `voxdesk alias set <name> <expansion>`.\n');
    return;
  }
  const width = Math.max(...aliases.map(([name]) => name.length));
  for (const [name, expansion] of aliases)
    io.stdout.write(
      io.isStdoutTTY ? `${`${name}:`.padEnd(width + 2)}${expansion}\n` : `${name}\t${expansion}\n`,
    );
}
