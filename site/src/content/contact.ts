/** The contact / call-to-action block repeated on home, industry and case-study pages. */
export const contactBlock = {
  title: 'Ready to stop missing calls?',
  body: 'Book a free 30-minute call. We will map out your calls, your booking rules and your integrations, and show you the receptionist working for a business like yours.',
  cta: 'Book a Call',
  secondaryCta: 'Try Demo',
} as const;
