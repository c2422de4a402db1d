import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { watchProblems } from './page-problems.ts';

/**
 * The sample calls (issue 23) on the server the README starts, with no Vapi keys: nothing of
 * a call is fetched before Play, the call plays, the transcript highlight follows it, the
 * player works by keyboard and the industry hero's cards appear at their cues.
 */

/** Every request for a sample call's files, as it is made. */
function watchSamples(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/samples/')) requested.push(pathname);
  });
  return requested;
}

const currentTime = (page: Page, industry: string) =>
  page
    .getByTestId(`sample-call-${industry}`)
    .locator('audio')
    .evaluate((audio: HTMLAudioElement) => audio.currentTime);

// axe over a whole marketing page takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('home: the clinic call plays on Play only, and its transcript highlight moves', async ({ page }) => {
  const problems = watchProblems(page);
  const requested = watchSamples(page);
  await page.goto('/');
  const player = page.getByTestId('sample-call-health-clinics');
  await expect(player.getByText('Example call, synthesised voices')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);

  await player.getByRole('button', { name: 'Play example call' }).click();
  await expect(player.getByRole('button', { name: 'Pause example call' })).toBeVisible();
  const transcript = player.getByRole('list', { name: 'Transcript' });
  const turns = transcript.getByRole('listitem');
  await expect(turns).toHaveCount(9);
  await expect(turns.first()).toContainText('Good evening, Harbourside Family Clinic.');
  await expect(turns.nth(0)).toHaveAttribute('aria-current', 'true');
  // The second turn starts 4.4 s in (health-clinics.vtt).
  await expect(turns.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });
  await expect(turns.nth(0)).not.toHaveAttribute('aria-current', 'true');
  expect(await currentTime(page, 'health-clinics')).toBeGreaterThan(4);
  expect(requested).toContain('/samples/health-clinics.vtt');
  expect(requested.filter((path) => /\.(webm|m4a)$/.test(path))[0]).toBe('/samples/health-clinics.webm');

  await player.getByRole('button', { name: 'Pause example call' }).click();
  await expect(player.getByRole('button', { name: 'Play example call' })).toBeVisible();
  await page.emulateMedia({ reducedMotion: 'reduce' }); // settled colours for the contrast check
  await expectAccessible(page, page.url());
  expect(problems).toEqual([]);
});

test('home: play/pause and seek work by keyboard; another tab stops the call', async ({ page }) => {
  await page.goto('/');
  // The home page's sections after the hero hydrate from a chunk of their own (issue 23's
  // up-front budget): a key pressed before it is in does nothing, as on any unhydrated page.
  await page.waitForLoadState('networkidle');
  const player = page.getByTestId('sample-call-health-clinics');
  const play = player.getByRole('button', { name: 'Play example call' });
  await play.focus();
  await page.keyboard.press('Enter');
  const seek = player.getByRole('slider', { name: 'Seek' });
  await expect(seek).toBeEnabled();
  await page.keyboard.press('Space'); // still on the button: pause
  await expect(player.getByRole('button', { name: 'Play example call' })).toBeFocused();

  await seek.focus();
  await page.keyboard.press('End');
  await expect(seek).toHaveAttribute('aria-valuetext', /^0:41 of 0:41$/);
  const turns = player.getByRole('listitem');
  await expect(turns.last()).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Home');
  for (let i = 0; i < 18; i++) await page.keyboard.press('ArrowRight');
  // 18 s in: the fifth turn (17.9 s) is being spoken.
  await expect(turns.nth(4)).toHaveAttribute('aria-current', 'true');
  expect(await currentTime(page, 'health-clinics')).toBeCloseTo(18, 0);

  await player.getByRole('button', { name: 'Play example call' }).press('Enter');
  await expect(player.getByRole('button', { name: 'Pause example call' })).toBeVisible();
  await page.getByRole('tab', { name: 'Law Firms' }).click();
  await expect
    .poll(() =>
      page
        .getByTestId('sample-call-health-clinics')
        .locator('audio')
        .evaluate((a: HTMLAudioElement) => a.paused),
    )
    .toBe(true);
});

test('industry page: the hero cards appear at their cues while the call plays', async ({ page }) => {
  const problems = watchProblems(page);
  const requested = watchSamples(page);
  await page.goto('/industries/law-firms');
  const booking = page.getByTestId('hero-visual-booking');
  const summary = page.getByTestId('hero-visual-summary');
  await expect(booking).toBeVisible();
  await expect(summary).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);

  const player = page.getByTestId('sample-call-law-firms');
  await player.getByRole('button', { name: 'Play example call' }).click();
  const turns = player.getByRole('listitem');
  await expect(turns).toHaveCount(11);
  await expect(booking).toHaveClass(/hero-visual__card--waiting/);
  await expect(summary).toHaveClass(/hero-visual__card--waiting/);
  await expect(turns.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });

  // The booking cue (law-firms.vtt) starts at 34.6 s, the summary cue at 41.6 s; 36 s is in the booking turn.
  const seek = player.getByRole('slider', { name: 'Seek' });
  await seek.focus();
  await page.keyboard.press('End');
  for (let i = 0; i < 11; i++) await page.keyboard.press('ArrowLeft');
  await expect(turns.nth(8)).toHaveAttribute('aria-current', 'true');
  await expect(booking).not.toHaveClass(/waiting/);
  await expect(summary).toHaveClass(/waiting/);
  await page.keyboard.press('End');
  await expect(summary).not.toHaveClass(/waiting/);
  expect(requested).toContain('/samples/law-firms.vtt');

  await expect(player.getByRole('button', { name: 'Play example call' })).toBeVisible(); // ended
  await page.emulateMedia({ reducedMotion: 'reduce' }); // settled colours for the contrast check
  await expectAccessible(page, page.url());
  expect(problems).toEqual([]);
});

test('the transcript can be read without playing, and nothing else is fetched', async ({ page }) => {
  const requested = watchSamples(page);
  await page.goto('/industries/home-services');
  const player = page.getByTestId('sample-call-home-services');
  await player.getByRole('button', { name: 'Read the transcript' }).click();
  await expect(player.getByRole('listitem').first()).toContainText('Southside Plumbing & Electrical');
  await expect(page.getByTestId('hero-visual-booking')).not.toHaveClass(/waiting/);
  expect(requested).toEqual(['/samples/home-services.vtt']);
});

test('Chromium plays both shipped formats; the server sends them with media types and ranges', async ({
  page,
  request,
}) => {
  await page.goto('/');
  for (const [file, type] of [
    ['law-firms.webm', 'audio/webm; codecs="opus"'],
    ['law-firms.m4a', 'audio/mp4; codecs="mp4a.40.2"'],
  ] as const) {
    const played = await page.evaluate(
      async ([src, mime]) => {
        const audio = new Audio(src);
        audio.muted = true;
        await audio.play();
        await new Promise((resolve) => setTimeout(resolve, 600));
        audio.pause();
        return { canPlay: audio.canPlayType(mime), time: audio.currentTime, duration: audio.duration };
      },
      [`/samples/${file}`, type] as const,
    );
    expect(played.canPlay, file).toBe('probably');
    expect(played.time, file).toBeGreaterThan(0.2);
    expect(played.duration, file).toBeCloseTo(47.2, 0);
  }
  const vtt = await request.get('/samples/law-firms.vtt');
  expect(vtt.headers()['content-type']).toBe('text/vtt; charset=utf-8');
  const m4a = await request.get('/samples/law-firms.m4a', { headers: { Range: 'bytes=0-99' } });
  expect(m4a.status()).toBe(206);
  expect(m4a.headers()['content-type']).toBe('audio/mp4');
  expect((await m4a.body()).length).toBe(100);
});
