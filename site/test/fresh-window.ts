// The component tests' files share a worker and its jsdom window (vitest.config.ts: isolate
// false). What a file changes on the window would reach the next file: a stubbed scrollY or
// matchMedia moves the header's offsets, a replaced location breaks URLs, a stored session
// signs the next page in. `freshWindow()` (test/setup.ts, before each file) puts back what a
// fresh jsdom had when this worker's first file started.
import { vi } from 'vitest';

/**
 * Window properties that tests replace (by assignment or `Object.defineProperty`), with the jsdom
 * features the site's code reads. A test that replaces another one adds it here.
 */
const WINDOW_KEYS = [
  'scrollX',
  'scrollY',
  'pageXOffset',
  'pageYOffset',
  'innerWidth',
  'innerHeight',
  'outerWidth',
  'outerHeight',
  'devicePixelRatio',
  'matchMedia',
  'scrollTo',
  'scrollBy',
  'scroll',
  'location',
  'fetch',
  'confirm',
  'alert',
  'prompt',
  'open',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'IntersectionObserver',
  'ResizeObserver',
  'Audio',
  'AudioContext',
] as const;

interface Pristine {
  window: Map<string, { descriptor: PropertyDescriptor | undefined; value: unknown }>;
  /** Own properties of navigator and document (a test's `defineProperty` adds one). */
  navigator: Map<PropertyKey, PropertyDescriptor>;
  document: Map<PropertyKey, PropertyDescriptor>;
  href: string;
  title: string;
  html: { attributes: [string, string][]; head: string; body: string };
}

// Keyed by the global: a file in another environment gets a global of its own.
const pristineByGlobal = new WeakMap<object, Pristine>();

const ownDescriptors = (target: object) =>
  new Map(Reflect.ownKeys(target).map((key) => [key, Object.getOwnPropertyDescriptor(target, key)!]));

function capture(): Pristine {
  const own = globalThis as Record<string, unknown>;
  return {
    window: new Map(
      WINDOW_KEYS.map((key) => [
        key,
        { descriptor: Object.getOwnPropertyDescriptor(globalThis, key), value: own[key] },
      ]),
    ),
    navigator: ownDescriptors(navigator),
    document: ownDescriptors(document),
    href: location.href,
    title: document.title,
    html: {
      attributes: [...document.documentElement.attributes].map((a) => [a.name, a.value]),
      head: document.head.innerHTML,
      body: document.body.innerHTML,
    },
  };
}

const sameDescriptor = (a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.get === b.get &&
    a.set === b.set &&
    a.value === b.value &&
    a.writable === b.writable);

/** Puts back `target`'s own properties as `pristine` lists them: added ones go, changed ones return. */
function restoreOwn(target: object, pristine: Map<PropertyKey, PropertyDescriptor>): void {
  for (const key of Reflect.ownKeys(target)) if (!pristine.has(key)) Reflect.deleteProperty(target, key);
  for (const [key, descriptor] of pristine)
    if (!sameDescriptor(Object.getOwnPropertyDescriptor(target, key), descriptor))
      Object.defineProperty(target, key, descriptor);
}

function restoreWindow(pristine: Pristine['window']): void {
  const own = globalThis as Record<string, unknown>;
  for (const [key, { descriptor, value }] of pristine) {
    if (!descriptor) {
      Reflect.deleteProperty(globalThis, key);
      continue;
    }
    if (!sameDescriptor(Object.getOwnPropertyDescriptor(globalThis, key), descriptor))
      Object.defineProperty(globalThis, key, descriptor);
    // Vitest's window accessors keep an assigned value in a map of their own: assign it back.
    if (own[key] !== value && descriptor.set) own[key] = value;
  }
}

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Puts the window back as this worker's first file found it (the first call records that). */
export function freshWindow(): void {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  const pristine = pristineByGlobal.get(globalThis);
  if (!pristine) {
    pristineByGlobal.set(globalThis, capture());
    return;
  }
  restoreWindow(pristine.window);
  restoreOwn(navigator, pristine.navigator);
  restoreOwn(document, pristine.document);
  if (location.href !== pristine.href) history.replaceState(null, '', pristine.href);
  document.title = pristine.title;
  const root = document.documentElement;
  for (const { name } of [...root.attributes]) root.removeAttribute(name);
  for (const [name, value] of pristine.html.attributes) root.setAttribute(name, value);
  document.head.innerHTML = pristine.html.head;
  document.body.innerHTML = pristine.html.body;
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
}
