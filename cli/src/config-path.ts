import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$XDG_CONFIG_HOME/voxdesk/config.json`, else `~/.config/voxdesk/config.json`. */
export function configPathFor(env: Record<string, string | undefined>): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'voxdesk', 'config.json');
}

/** `$XDG_CACHE_HOME/voxdesk/completion`, else `~/.cache/voxdesk/completion`. */
export function completionCacheDir(env: Record<string, string | undefined>): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(base, 'voxdesk', 'completion');
}
