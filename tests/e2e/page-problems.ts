import type { ConsoleMessage, Page } from '@playwright/test';

/** Console errors, uncaught exceptions and every answer of 400 or more, as they happen. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

/** Console errors, uncaught exceptions and React warnings (hydration mismatches come through
 * console.error), as they happen. */
export function watchConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  const onMessage = (message: ConsoleMessage) => {
    const text = message.text();
    if (message.type() === 'error' || (message.type() === 'warning' && /react|hydrat/i.test(text))) {
      problems.push(`${message.type()}: ${text}`);
    }
  };
  page.on('console', onMessage);
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}
