import { CHAT_IMAGE_ENTRANCE, conversation } from './types.ts';

/**
 * English copy of /chatbot. Its shape is the contract: `ChatbotCopy` is derived from it, so the
 * Albanian copy must define every key (see index.ts). Claims come from the product spec §1, §9.
 */
export const en = {
  meta: {
    title: 'Voxdesk — AI Chat Assistant for Short-Term Rental Managers',
    description:
      'Automate 90% of guest conversations with instant replies 24/7, in every language. Book a free strategy call.',
  },
  topBar: {
    skipToContent: 'Skip to content',
    homeLink: 'Voxdesk home',
    languageLabel: 'Language',
  },
  hero: {
    subtitle: 'AI Chat Assistant for Short-Term Rentals',
    title: 'Transform Customer Chat into Revenue with AI-Powered Conversations',
    description:
      'Automate 90% of guest conversations with instant replies 24/7, in every language — so your properties earn more while the routine questions answer themselves.',
    bookDemo: 'Book Demo',
    bookStrategy: 'Book Your Free Strategy Call',
    // Spec §2 gives this note verbatim (the '1' is as written there).
    note: '100% Free 1 No Commitment',
    trustedBy: 'Trusted by',
    videoTitle: 'How the AI chat assistant answers your guests',
    playVideo: 'Play video: How the AI chat assistant answers your guests',
  },
  transformation: {
    title: 'Transform the Way You Talk to Guests',
    benefits: [
      {
        title: '90% of Conversations Automated',
        description:
          'Check-in times, door codes, Wi-Fi, parking and directions are answered instantly, without you lifting a finger.',
      },
      {
        title: 'Instant Replies 24/7, in Every Language',
        description:
          'Guests get an answer within seconds, at 3 PM or 3 AM, in whatever language they write in.',
      },
      {
        title: 'Automatic Review Requests',
        description:
          'After check-out, every guest receives a friendly, well-timed request to leave a review.',
      },
      {
        title: 'Local Setup & Support',
        description:
          'Our local team sets everything up with you and stays one message away whenever you need help.',
      },
    ],
  },
  chatDemo: {
    title: 'See It in Action',
    subtitle: 'Watch the assistant welcome a guest arriving late at night — every answer in seconds.',
    contactName: 'Tirana Stays · AI Assistant',
    contactStatus: 'online',
    typing: 'typing…',
    windowLabel: 'Demo conversation between a guest and the AI assistant',
    guestLabel: 'Guest',
    assistantLabel: 'AI assistant',
    demoConversation: conversation([
      { type: 'user', text: 'Hi! We land in Tirana at 11 PM tonight. Is late check-in possible?' },
      {
        type: 'bot',
        text: 'Welcome! Yes — check-in is self-service, 24/7. Your door code will arrive here 2 hours before you do. 🙂',
      },
      { type: 'user', text: 'Great. How do we find the entrance?' },
      {
        type: 'bot',
        text: CHAT_IMAGE_ENTRANCE,
        isImage: true,
        imageAlt: 'The building entrance: a green door with the number 12, next to a bakery',
      },
      { type: 'bot', text: "It's the green door next to the bakery. Free parking is behind the building." },
      { type: 'user', text: 'Perfect! Any tips for dinner nearby?' },
      {
        type: 'bot',
        text: "Here are our host's favourite spots 👇",
        isLink: true,
        linkTitle: 'Guest Guide: Where to Eat Near the Apartment',
        linkDescription: '12 local favourites within a 10-minute walk, hand-picked by your host.',
      },
      { type: 'user', text: 'Thank you, see you tonight!' },
      {
        type: 'bot',
        text: "Safe travels! After check-out I'll send you a short link to leave a review — it really helps us.",
      },
    ]),
  },
  cta: {
    title: 'Ready to Hand Your Guest Messages to AI?',
    subtitle:
      "In a free 30-minute strategy call we'll show you the assistant working live on your own properties — whether you manage 10, 20 or 50+ units.",
    guarantees: [
      '100% Free – No Commitment',
      'Live Demo Tailored to Your Properties',
      'Instant Setup & Support from a Local Team',
    ],
    button: 'Book My Free Strategy Call',
  },
  socialProof: {
    title: 'Property Managers Already Win Back Hours Every Day',
    quote:
      'I used to spend 4 hours every morning answering the same guest questions. Now the assistant handles almost all of them — even the ones at 3 AM — and I spend that time growing the business.',
    author: 'Property manager, 24 apartments in Tirana',
    logosLabel: 'Property managers using the assistant',
  },
  futureVision: {
    title: 'The Future of Short-Term Rentals Is Automated',
    copy: "Tomorrow's most profitable property managers won't answer more messages — they'll answer fewer. Let AI handle routine questions 24/7 and send review requests after every check-out, while you focus on adding units and delighting guests.",
    button: 'Schedule Your Free Call',
  },
  faq: {
    title: 'Frequently Asked Questions',
    subtitle: 'Everything you need to know before your free strategy call.',
    questions: [
      {
        question: 'How many guest conversations can the AI really handle?',
        answer:
          'About 90% are fully automated: check-in times, door codes, directions, Wi-Fi, parking and local tips. Anything unusual is left for you to answer.',
      },
      {
        question: 'Will it work for the number of properties I manage?',
        answer:
          'Yes. Whether you manage 10, 20 or 50+ units, the assistant answers every guest at the same time, so a bigger portfolio does not mean more hours on your phone.',
      },
      {
        question: "Can it reply in my guests' languages?",
        answer:
          'Yes. It replies instantly, 24/7, in every language your guests write in — English, Albanian, Italian, German and more.',
      },
      {
        question: 'Do I need technical skills to set it up?',
        answer:
          'No. Our local team sets everything up with you and supports you afterwards. The strategy call is 100% free, with no commitment.',
      },
    ],
  },
  stickyCTA: {
    button: 'Book Free Call',
    hide: 'Hide the Book Free Call button',
  },
  booking: {
    title: 'Book Your Free Strategy Call',
    description: 'Tell us about your properties and pick a time for your free 30-minute call.',
    fullName: 'Full Name',
    email: 'Email Address',
    company: 'Company Name',
    phone: 'Phone Number',
    message: 'Tell us about your business (Optional)',
    timeSlotLegend: 'Choose a time',
    /** {zone} is the visitor's time zone, e.g. Europe/Tirane. */
    timeZoneNote: 'Times are in your time zone ({zone}).',
    alternative: 'Prefer to pick another time yourself?',
    schedulingLink: 'Open the scheduling page',
    submit: 'Confirm Details',
    sending: 'Sending…',
    close: 'Close',
    /** {slot} is the chosen time as shown in the dialog. */
    afterSubmit:
      'Thank you, we have your request for {slot}. We will email you within one working day to confirm the call.',
    sendFailed: 'Your details were not sent.',
    tryAgain: 'Check the marked fields and press Confirm Details again.',
    dismiss: 'Dismiss',
  },
  footer: {
    tagline: 'AI chat assistants for short-term rental managers in Albania and Kosovo.',
  },
  common: {
    opensInNewTab: '(opens in a new tab)',
  },
};
