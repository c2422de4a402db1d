/** The contact / call-to-action block repeated on home, industry and case-study pages. */
export const contactBlock = {
  title: 'Ready to stop missing calls?',
  body: 'Book a free 30-minute call. We will map out your calls, your booking rules and your integrations, and show you the receptionist working for a business like yours.',
  cta: 'Book a Call',
  secondaryCta: 'Try Demo',
} as const;

/** The short contact form in the home page's contact block (posts to /api/leads, works without JavaScript). */
export const contactForm = {
  title: 'Or leave your details and we will call you',
  name: 'Name',
  email: 'Email',
  phone: 'Phone (optional)',
  message: 'What should we know? (optional)',
  submit: 'Send',
  sending: 'Sending…',
  sent: 'Thank you, we have your request. We will be in touch within one working day.',
  failed: 'Your details were not sent.',
} as const;
