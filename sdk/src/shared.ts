/**
 * Not a public entry: the modules most entries share (error classes, `path`, response reading,
 * logging), built once as `dist/shared.js` / `shared.cjs`. Every other module of every entry
 * imports them from there (tsup.config.ts), so one class identity holds across entries and the
 * root entry loads one file for them rather than a chunk each.
 */
export * from './brand.ts';
export * from './errors.ts';
export * from './path.ts';
export * from './http.ts';
export * from './log-hooks.ts';
