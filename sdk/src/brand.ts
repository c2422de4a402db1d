/**
 * `instanceof` across copies of the SDK. One process can load the SDK twice: its CommonJS and
 * its ES module build (a CJS app with one ESM dependency), each with its own classes. Each class
 * names itself on its prototype under a key every copy shares (`Symbol.for`), and the base
 * classes' `Symbol.hasInstance` accepts an instance whose prototype chain carries that name.
 */
export const BRAND: unique symbol = Symbol.for('@voxdesk/sdk.class');

interface Branded {
  [BRAND]?: string;
}

// The ordinary `instanceof` (the prototype chain), which a static `Symbol.hasInstance` replaces.
const ordinary = Function.prototype[Symbol.hasInstance];

/**
 * Whether `value` is an instance of `type`, or of the class of the same name in another copy of
 * the SDK. A subclass of the caller's own (no name of its own) keeps the ordinary rule.
 */
export function isInstance(type: { prototype: object }, value: unknown): boolean {
  if (!Object.hasOwn(type.prototype, BRAND)) return ordinary.call(type, value);
  const name = (type.prototype as Branded)[BRAND];
  // A primitive's prototype chain (String.prototype…) carries no name: false, like instanceof.
  for (let p = value; p != null; p = Object.getPrototypeOf(p))
    if (Object.hasOwn(p, BRAND) && (p as Branded)[BRAND] === name) return true;
  return false;
}
