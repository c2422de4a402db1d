import { describe, expect, it } from 'vitest';
import * as errors from '../src/errors.ts';
import * as fn from '../src/fn.ts';
import * as root from '../src/index.ts';
import * as log from '../src/log.ts';
import * as logHooks from '../src/log-hooks.ts';

describe('@voxdesk/sdk', () => {
  it('targets the Vapi production API over https by default', () => {
    expect(new URL(root.DEFAULT_BASE_URL).protocol).toBe('https:');
    expect(new URL(root.DEFAULT_BASE_URL).host).toBe('api.vapi.ai');
  });

  // The entries name what they take from the shared modules (an `export *` of the built shared
  // module would re-export all of it): a class or function added there must be added here too.
  it.each([
    ['the root', root, errors],
    ['/fn', fn, errors],
    ['/log', log, logHooks],
  ])('%s re-exports every export of its shared module', (_, entry, module) => {
    const missing = Object.keys(module).filter((name) => !(name in entry));
    expect(missing).toEqual([]);
  });
});
