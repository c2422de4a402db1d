/**
 * The privacy policy and terms of use, in English and Albanian, filled from the owner's
 * run-time settings (company identity, lead retention). Plain paragraphs and lists, so the
 * prerendered page reads the same with JavaScript off.
 */
import type { SiteSettings } from '../../common/site-settings.ts';

export type LegalLang = 'en' | 'sq';
export type LegalDoc = 'privacy' | 'terms';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface LegalContent {
  title: string;
  description: string;
  /** "Last updated" line. */
  updated: string;
  intro: string;
  sections: LegalSection[];
  /** The link to the same page in the other language. */
  otherLanguage: { label: string; lang: LegalLang };
}

/** Page titles (static: the route's handle and the prerendered <title> use them). */
export const LEGAL_TITLES: Record<LegalDoc, Record<LegalLang, string>> = {
  privacy: { en: 'Privacy policy', sq: 'Politika e privatësisë' },
  terms: { en: 'Terms of use', sq: 'Kushtet e përdorimit' },
};

export const LEGAL_UPDATED = '26 November 2026';
const UPDATED_SQ = '26 nëntor 2026';

export const legalPath = (doc: LegalDoc, lang: LegalLang) => (lang === 'en' ? `/${doc}` : `/${doc}/sq`);

/** "Voxdesk Pty Ltd (ABN 51 824 753 556), 1 George St" — what is set, in order. */
function whoWeAre(s: SiteSettings, lang: LegalLang): string {
  const { name, abn, address } = s.company;
  const parts = [abn ? `${name} (ABN ${abn})` : name, address].filter(Boolean);
  return lang === 'en'
    ? `This site is run by ${parts.join(', ')} ("we", "us").`
    : `Kjo faqe drejtohet nga ${parts.join(', ')} ("ne").`;
}

/** How to reach the owner: the email and phone that are set, else the site's contact form. */
function contactLine(s: SiteSettings, lang: LegalLang): string {
  const { email, phone } = s.company;
  const ways = [email, phone].filter(Boolean).join(lang === 'en' ? ' or ' : ' ose ');
  if (lang === 'en') {
    return ways
      ? `Write to ${ways}.`
      : 'Use the contact form on our home page and say what you are asking for.';
  }
  return ways
    ? `Na shkruani në ${ways}.`
    : 'Përdorni formularin e kontaktit në faqen kryesore dhe shkruani çfarë kërkoni.';
}

export function privacyContent(s: SiteSettings, lang: LegalLang): LegalContent {
  const days = s.leadRetentionDays;
  if (lang === 'sq') {
    return {
      title: LEGAL_TITLES.privacy.sq,
      description: `Çfarë të dhënash mbledh ${s.company.name}, pse, për sa kohë dhe si të kërkoni fshirjen e tyre.`,
      updated: `Përditësuar më ${UPDATED_SQ}`,
      intro: `${whoWeAre(s, 'sq')} Kjo politikë shpjegon çfarë të dhënash personale mbledhim, pse, për sa kohë i mbajmë dhe si mund t'i shihni, korrigjoni ose fshini.`,
      sections: [
        {
          heading: 'Çfarë mbledhim',
          items: [
            'Kërkesat nga formularët e rezervimit dhe të kontaktit: emri, email-i, dhe nëse i jepni, kompania, telefoni, mesazhi, ora e preferuar dhe zona juaj kohore, si dhe gjuha dhe faqja nga e dërguat.',
            'Raportet e thirrjeve demo: kur flisni me recepsionistin demo, ruajmë kohën, kohëzgjatjen, përmbledhjen dhe transkriptin e bisedës.',
            'Regjistrimet: ofruesi ynë i zërit (Vapi) mund të regjistrojë thirrjet demo; raporti ruan vetëm lidhjen me regjistrimin.',
            'Llogaritë e klientëve: emri, email-i dhe fjalëkalimi (i ruajtur vetëm si hash, kurrë si tekst).',
            'Të dhëna teknike: adresa IP dhe koha e kërkesave, për të mbrojtur hyrjen dhe formularët nga abuzimi.',
          ],
        },
        {
          heading: 'Pse',
          paragraphs: [
            "Për t'ju përgjigjur dhe për të caktuar telefonatën që kërkuat; për të ofruar dhe përmirësuar demon; për të mbrojtur faqen nga abuzimi. Nuk i shesim të dhënat tuaja dhe nuk i përdorim për reklama.",
          ],
        },
        {
          heading: 'Për sa kohë',
          items: [
            `Kërkesat nga formularët fshihen automatikisht pas ${days} ditësh, ose më herët nëse e kërkoni.`,
            'Raportet e thirrjeve demo dhe lidhjet e regjistrimeve mbahen derisa të kërkoni fshirjen e tyre ose derisa të mbyllet llogaria demo.',
            'Seancat e hyrjes mbarojnë pas 8 orësh; numëruesit e hyrjes fshihen pas 15 minutash.',
          ],
        },
        {
          heading: 'Kush tjetër i sheh',
          paragraphs: [
            "Ofruesi i zërit (Vapi) për thirrjet demo, ofruesi ynë i email-it për t'ju shkruar dhe ofruesi i hostimit. Secili i përdor të dhënat vetëm për të ofruar shërbimin e tij për ne.",
          ],
        },
        {
          heading: 'Të drejtat tuaja dhe fshirja',
          paragraphs: [
            `Mund të kërkoni të shihni, korrigjoni ose fshini të dhënat që kemi për ju. ${contactLine(s, 'sq')} Përgjigjemi brenda 30 ditësh. Nëse nuk jeni të kënaqur, mund të ankoheni te autoriteti për mbrojtjen e të dhënave në vendin tuaj (në Shqipëri: Komisioneri për të Drejtën e Informimit dhe Mbrojtjen e të Dhënave Personale; në Australi: OAIC).`,
          ],
        },
      ],
      otherLanguage: { label: 'Read in English', lang: 'en' },
    };
  }
  return {
    title: LEGAL_TITLES.privacy.en,
    description: `What ${s.company.name} collects, why, for how long, and how to ask for it to be deleted.`,
    updated: `Last updated ${LEGAL_UPDATED}`,
    intro: `${whoWeAre(s, 'en')} This policy explains what personal information we collect, why, how long we keep it, and how you can see, correct or delete it. We handle it under the Australian Privacy Principles (Privacy Act 1988).`,
    sections: [
      {
        heading: 'What we collect',
        items: [
          'Requests from the booking and contact forms: your name and email and, if you give them, your company, phone, message, preferred time and time zone, plus the language and page you sent it from.',
          'Demo call reports: when you talk to the demo receptionist, we keep the time, length, summary and transcript of the conversation.',
          'Recordings: our voice provider (Vapi) may record demo calls; the call report keeps only the link to the recording.',
          'Client accounts: name, email and password (stored only as a hash, never as text).',
          'Technical data: your IP address and the time of requests, to protect sign-in and the forms from abuse.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: [
          'To answer you and arrange the call you asked for; to run and improve the demo; and to protect the site from abuse. We do not sell your information or use it for advertising.',
        ],
      },
      {
        heading: 'How long we keep it',
        items: [
          `Form requests are deleted automatically after ${days} days, or sooner if you ask.`,
          'Demo call reports and recording links are kept until you ask us to delete them or the demo account is closed.',
          'Sign-in sessions end after 8 hours; sign-in counters are deleted after 15 minutes.',
        ],
      },
      {
        heading: 'Who else sees it',
        paragraphs: [
          'Our voice provider (Vapi) for demo calls, our email provider to write to you, and our hosting provider. Each uses the information only to provide their service to us.',
        ],
      },
      {
        heading: 'Your rights and deletion',
        paragraphs: [
          `You can ask to see, correct or delete the information we hold about you. ${contactLine(s, 'en')} We answer within 30 days. If you are not satisfied, you can complain to the Office of the Australian Information Commissioner (oaic.gov.au) or the data protection authority where you live.`,
        ],
      },
    ],
    otherLanguage: { label: 'Lexo në shqip', lang: 'sq' },
  };
}

export function termsContent(s: SiteSettings, lang: LegalLang): LegalContent {
  if (lang === 'sq') {
    return {
      title: LEGAL_TITLES.terms.sq,
      description: `Kushtet për përdorimin e faqes dhe të demos së ${s.company.name}.`,
      updated: `Përditësuar më ${UPDATED_SQ}`,
      intro: `${whoWeAre(s, 'sq')} Duke përdorur këtë faqe, pranoni këto kushte.`,
      sections: [
        {
          heading: 'Faqja dhe demo',
          paragraphs: [
            'Demo e recepsionistit me zë dhe demo e bisedës tregojnë si funksionon shërbimi; përgjigjet e tyre janë shembuj dhe nuk janë këshilla mjekësore, ligjore apo profesionale.',
            'Një kërkesë rezervimi nuk është kontratë: ju konfirmojmë telefonatën me email.',
          ],
        },
        {
          heading: 'Përdorimi i pranueshëm',
          items: [
            'Mos e përdorni faqen ose demon për të dërguar spam, për të mashtruar ose për të sulmuar shërbimin.',
            'Mos i ndani kredencialet e demos me të tjerë.',
          ],
        },
        {
          heading: 'Përgjegjësia',
          paragraphs: [
            'Faqja ofrohet ashtu siç është. Për aq sa e lejon ligji, nuk jemi përgjegjës për humbje indirekte nga përdorimi i saj. Asgjë këtu nuk kufizon të drejtat tuaja sipas ligjit për mbrojtjen e konsumatorit.',
          ],
        },
        {
          heading: 'Privatësia dhe kontakti',
          paragraphs: [
            `Si i trajtojmë të dhënat tuaja: shihni politikën e privatësisë. ${contactLine(s, 'sq')}`,
          ],
        },
      ],
      otherLanguage: { label: 'Read in English', lang: 'en' },
    };
  }
  return {
    title: LEGAL_TITLES.terms.en,
    description: `The terms for using the ${s.company.name} site and demos.`,
    updated: `Last updated ${LEGAL_UPDATED}`,
    intro: `${whoWeAre(s, 'en')} By using this site you agree to these terms.`,
    sections: [
      {
        heading: 'The site and the demos',
        paragraphs: [
          'The voice receptionist demo and the chat demo show how the service works; their answers are examples, not medical, legal or other professional advice.',
          'A booking request is not a contract: we confirm the call by email.',
        ],
      },
      {
        heading: 'Acceptable use',
        items: [
          'Do not use the site or the demos to send spam, to deceive anyone, or to attack the service.',
          'Do not share demo credentials with others.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'The site is provided as it is. To the extent the law allows, we are not liable for indirect loss from using it. Nothing here limits your rights under the Australian Consumer Law.',
        ],
      },
      {
        heading: 'Privacy and contact',
        paragraphs: [`How we handle your information: see the privacy policy. ${contactLine(s, 'en')}`],
      },
    ],
    otherLanguage: { label: 'Lexo në shqip', lang: 'sq' },
  };
}
