import { describe, expect, it } from 'vitest';
import { chatbotCopy, LANGS, TRUSTED_BY } from '../../content/chatbot/index.ts';

/** Every leaf of a copy object as [path, value], arrays included, so shapes can be compared. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return [[path, value]];
}

describe('the /chatbot dictionary', () => {
  const en = leaves(chatbotCopy.en);

  it.each(LANGS)('%s defines exactly the same keys, array lengths and value types as English', (lang) => {
    const other = leaves(chatbotCopy[lang]);
    expect(other.map(([path, value]) => [path, typeof value])).toEqual(
      en.map(([path, value]) => [path, typeof value]),
    );
  });

  it.each(LANGS)('%s has no empty or untrimmed strings', (lang) => {
    for (const [path, value] of leaves(chatbotCopy[lang])) {
      if (typeof value !== 'string') continue;
      expect(value.trim(), `${lang}.${path}`).not.toBe('');
      expect(value, `${lang}.${path}`).toBe(value.trim());
    }
  });

  it('plays the same script in both languages (senders, images and link previews line up)', () => {
    const shape = (lang: 'en' | 'al') =>
      chatbotCopy[lang].chatDemo.demoConversation.map((m) => [m.type, !!m.isImage, !!m.isLink]);
    expect(shape('al')).toEqual(shape('en'));
    expect(shape('en').some(([, image]) => image)).toBe(true);
    expect(shape('en').some(([, , link]) => link)).toBe(true);
  });

  it('translates the prose: Albanian strings differ from English except sender kinds and the image', () => {
    const al = new Map(leaves(chatbotCopy.al));
    const same = en
      .filter(([path, value]) => typeof value === 'string' && al.get(path) === value)
      .map(([path]) => path)
      .filter((path) => !path.endsWith('.type'));
    expect(same).toEqual(['chatDemo.demoConversation[3].text']);
  });

  it('carries the spec copy, claims and counts', () => {
    const { en: copy } = chatbotCopy;
    expect(copy.hero.title).toBe('Transform Customer Chat into Revenue with AI-Powered Conversations');
    expect(copy.hero.note).toBe('100% Free 1 No Commitment');
    expect(copy.hero.bookDemo).toBe('Book Demo');
    expect(copy.hero.trustedBy).toBe('Trusted by');
    expect(copy.cta.guarantees).toEqual([
      '100% Free – No Commitment',
      'Live Demo Tailored to Your Properties',
      'Instant Setup & Support from a Local Team',
    ]);
    expect(copy.socialProof.quote).toContain('4 hours every morning');
    expect(copy.hero.description).toContain('90%');
    expect(copy.cta.subtitle).toContain('10, 20 or 50+ units');
    expect(copy.stickyCTA.button).toBe('Book Free Call');
    expect(copy.booking).toMatchObject({
      title: 'Book Your Free Strategy Call',
      fullName: 'Full Name',
      email: 'Email Address',
      company: 'Company Name',
      phone: 'Phone Number',
      message: 'Tell us about your business (Optional)',
    });
    expect(copy.transformation.benefits).toHaveLength(4);
    expect(copy.faq.questions).toHaveLength(4);
    expect(TRUSTED_BY).toHaveLength(6);
  });

  it("confirms with the chosen slot and names the visitor's time zone in both languages", () => {
    for (const lang of LANGS) {
      expect(chatbotCopy[lang].booking.afterSubmit).toContain('{slot}');
      expect(chatbotCopy[lang].booking.timeZoneNote).toContain('{zone}');
      expect(chatbotCopy[lang].booking.timeSlotLegend).not.toContain('EST');
    }
  });
});
