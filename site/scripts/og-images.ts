// Renders the Open Graph / Twitter card image of each public page (1200×630 JPEG) into
// public/og/ with Debian's Chromium: a product-style card (a call, the booking it made and
// its summary) under the page's headline. Run after changing a headline:
//   npm run og-images -w @voxdesk/site
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'og');

/** slug (see ogImagePath in common/pages.ts) → headline, kicker and the sample call. */
const CARDS: Record<string, { kicker: string; headline: string; caller: string; booked: string }> = {
  home: {
    kicker: 'AI voice receptionist',
    headline: 'Every call answered, 24/7. No hiring needed.',
    caller: 'Can I book a consult for Thursday?',
    booked: 'Thu 10:00 · New client consult',
  },
  'industries-health-clinics': {
    kicker: 'For health clinics',
    headline: 'Never miss a patient call again',
    caller: 'I need a check-up this week.',
    booked: 'Thu 09:30 · Check-up, Dr Patel',
  },
  'industries-law-firms': {
    kicker: 'For law firms',
    headline: 'Never miss a client call again',
    caller: 'I need advice about a lease dispute.',
    booked: 'Wed 14:00 · Initial consultation',
  },
  'industries-home-services': {
    kicker: 'For home services',
    headline: 'Never miss a job again',
    caller: 'My hot water system is leaking.',
    booked: 'Today 15:00 · Emergency plumber',
  },
  'case-studies-health-clinics': {
    kicker: 'Case study · Health clinics',
    headline: '70% fewer missed calls, 2× after-hours bookings',
    caller: 'Can I move my appointment to Friday?',
    booked: 'Fri 11:15 · Rescheduled',
  },
  'case-studies-law-firms': {
    kicker: 'Case study · Law firms',
    headline: '31% more new client intake',
    caller: 'Do you handle family law matters?',
    booked: 'Mon 10:00 · Family law intake',
  },
  'case-studies-home-services': {
    kicker: 'Case study · Home services',
    headline: '93% of calls answered, up from 54%',
    caller: 'How soon can an electrician come out?',
    booked: 'Tomorrow 08:00 · Electrician',
  },
  chatbot: {
    kicker: 'AI chat assistant for rentals',
    headline: 'Guests answered in seconds, day and night',
    caller: 'What time is check-in?',
    booked: 'Reply sent in 4 s · Check-in 14:00',
  },
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const page = (card: (typeof CARDS)[string]) => `<!doctype html><html><head><style>
  body { margin: 0; width: 1200px; height: 630px; font-family: 'DejaVu Sans', sans-serif; color: #e2e8f0;
    background: radial-gradient(circle at 0 0, #0e7490 0, transparent 55%), #0b1220; display: flex; }
  .text { flex: 1; padding: 72px 0 72px 72px; display: flex; flex-direction: column; justify-content: space-between; }
  .brand { font-size: 34px; font-weight: 700; color: #38bdf8; }
  .kicker { font-size: 26px; color: #94a3b8; margin-bottom: 18px; }
  h1 { font-size: 56px; line-height: 1.12; margin: 0; color: #f8fafc; }
  .art { width: 430px; padding: 72px 72px 72px 24px; display: flex; flex-direction: column; gap: 18px; justify-content: center; }
  .card { background: #111c33; border: 1px solid #1e3a5f; border-radius: 22px; padding: 20px 24px; font-size: 22px; }
  .label { font-size: 16px; text-transform: uppercase; letter-spacing: .08em; color: #38bdf8; margin-bottom: 8px; }
  .call { display: flex; align-items: center; gap: 14px; }
  .dot { width: 16px; height: 16px; border-radius: 50%; background: #22c55e; box-shadow: 0 0 0 6px #22c55e33; }
  .bars { display: flex; gap: 5px; align-items: end; height: 28px; margin-left: auto; }
  .bars i { width: 6px; background: #38bdf8; border-radius: 3px; }
  .booked { border-color: #22c55e66; }
</style></head><body>
  <div class="text"><div class="brand">Voxdesk</div>
    <div><div class="kicker">${escape(card.kicker)}</div><h1>${escape(card.headline)}</h1></div><div></div></div>
  <div class="art">
    <div class="card"><div class="label">Live call</div><div class="call"><span class="dot"></span>
      <span>“${escape(card.caller)}”</span></div>
      <div class="bars"><i style="height:40%"></i><i style="height:90%"></i><i style="height:60%"></i><i style="height:100%"></i><i style="height:50%"></i><i style="height:75%"></i></div></div>
    <div class="card booked"><div class="label">Booked</div>${escape(card.booked)}</div>
    <div class="card"><div class="label">Summary</div>Caller qualified · SMS confirmation sent</div>
  </div>
</body></html>`;

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND'],
});
try {
  const tab = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const [slug, card] of Object.entries(CARDS)) {
    await tab.setContent(page(card));
    await tab.screenshot({ path: join(outDir, `${slug}.jpg`), type: 'jpeg', quality: 85 });
    console.log(`og/${slug}.jpg`);
  }
} finally {
  await browser.close();
}
