import axeCore from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';

/**
 * The project's axe rule set: WCAG 2.0, 2.1 and 2.2 A/AA plus axe's best practices. Every rule
 * axe runs by default carries one of these tags (checked against axe-core 4.13), so naming
 * them loses none; WCAG 2.2 AA adds target-size, which axe leaves off by default.
 */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AccessibleOptions {
  /** Scan only this part of the page (a CSS selector); the overflow check is always the page's. */
  include?: string;
  /** Which violations fail: serious and critical ones (default), or every one. */
  impacts?: 'serious' | 'all';
}

/** A violation as the scan hands it back: the rule, its impact and the nodes' selectors. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The page as it is now is axe clean and does not scroll sideways
 * (`document.documentElement.scrollWidth <= innerWidth`); a failure names the rule and its
 * nodes, or the element that sticks out furthest.
 */
export async function expectAccessible(page: Page, label: string, options: AccessibleOptions = {}) {
  await expectNoSidewaysScroll(page, label);
  const violations = await scan(page, options.include);
  const failing = violations
    .filter((v) => options.impacts === 'all' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} (${v.targets.join(' | ')})`);
  expect(failing, `${label}: axe violations`).toEqual([]);
}

/**
 * Runs every rule of `axeTags` over the page and its frames. Unlike AxeBuilder,
 * which evaluates axe's 580 kB source twice and opens a blank page to merge results on every
 * scan, this puts axe into each document once (a navigation drops it) and asks only for the
 * violations: the passes are most of a result's size and nothing reads them.
 */
async function scan(page: Page, include: string | undefined): Promise<Violation[]> {
  for (const frame of page.frames()) {
    await injectAxe(frame).catch((error: unknown) => {
      // A cross-origin or detached frame cannot take a script; axe reports it as untested.
      if (frame === page.mainFrame()) throw error;
    });
  }
  return page.evaluate(
    async ({ include, tags }) => {
      // why: the page's window carries the axe-core that injectAxe evaluated into it.
      const { axe } = window as unknown as { axe: typeof axeCore };
      const { violations } = await axe.run(include ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { include, tags: axeTags },
  );
}

async function injectAxe(frame: Frame) {
  if (await frame.evaluate(() => 'axe' in window)) return;
  // Any origin: axe in the top document gathers each frame's results by postMessage, and a
  // page made with setContent (or a sandboxed frame) has an opaque origin.
  await frame.evaluate(`${axeCore.source}\n;axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`);
}

/** The page is no wider than the viewport; the message names the furthest-reaching element. */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    const width = window.innerWidth;
    if (scrollWidth <= width) return null;
    // An element inside a box that clips or scrolls sideways does not widen the page, unless it
    // is positioned against a box outside that one (absolute text escapes a scroller).
    const clipped = (element: Element) => {
      let position = getComputedStyle(element).position;
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (position === 'fixed') return false;
        const style = getComputedStyle(parent);
        const contains = position !== 'absolute' || style.position !== 'static';
        if (!contains) continue;
        if (style.overflowX !== 'visible') return true;
        position = style.position;
      }
      return false;
    };
    let widest: { element: Element; right: number } | undefined;
    // Failing that (e.g. an absolutely placed box escaping a scroller), the furthest of all.
    let widestClipped: { element: Element; right: number } | undefined;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const { right } = element.getBoundingClientRect();
      if (right <= width) continue;
      // Ties go to the outermost element: the one whose width the others follow.
      if (clipped(element)) {
        if (right > (widestClipped?.right ?? 0)) widestClipped = { element, right };
      } else if (right > (widest?.right ?? 0)) widest = { element, right };
    }
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = Array.from(element.classList, (name) => `.${name}`).join('');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${classes}>${text ? ` "${text}"` : ''}`;
    };
    return {
      scrollWidth,
      width,
      culprit: widest
        ? `${describe(widest.element)} reaches ${Math.round(widest.right)} px`
        : widestClipped
          ? `${describe(widestClipped.element)} (in a box that clips or scrolls) reaches ${Math.round(widestClipped.right)} px`
          : 'no single element',
    };
  });
  expect(
    overflow,
    overflow
      ? `${label}: the page is ${overflow.scrollWidth} px wide in a ${overflow.width} px viewport; ${overflow.culprit}`
      : label,
  ).toBeNull();
}

/** The phone and laptop sizes every state of the app is checked at. */
export const appViewports = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

/**
 * `expectAccessible` at each viewport in turn, on the same page, labelled "<state> at <width>
 * px": one walk through a flow checks its states at both sizes. The page is left at the last
 * viewport.
 */
export async function expectAccessibleAtEach(
  page: Page,
  state: string,
  viewports = appViewports,
  options: AccessibleOptions = {},
) {
  await atEachViewport(page, state, (label) => expectAccessible(page, label, options), viewports);
}

/** Runs `check` at each viewport in turn on the same page, with the label "<state> at <width> px". */
export async function atEachViewport(
  page: Page,
  state: string,
  check: (label: string) => Promise<void>,
  viewports = appViewports,
) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    // Media-query listeners and the new layout land on the next frames.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await check(`${state} at ${viewport.width} px`);
  }
}
