/** The public marketing routes this suite covers, with copy each must show (from the product spec). */
export interface MarketingRoute {
  path: string;
  h1: string;
  copy: string[];
}

export const marketingRoutes: MarketingRoute[] = [
  {
    path: '/',
    h1: 'Your AI Receptionist, On 24/7',
    copy: [
      '24/7 Answering | Pre-Qualifies Leads | No Hiring Needed',
      'Book a Call',
      'Google Workspace',
      'Sales Force',
      'GitHub',
      'Health Clinics',
      'Law Firms',
      'Home Services',
      'Basic Voice Agent',
      'Advanced Voice Agent',
      'Employee Voice Agent',
      'Try the Demo',
      "Let's Talk",
      'Out-of-hours calls',
      'Qualified leads',
      'in just days, not weeks',
      'Try It for Yourself',
      'Empowering businesses with AI solutions',
    ],
  },
  {
    path: '/industries/health-clinics',
    h1: 'Never Miss Another Patient. Even After Hours',
    copy: [
      'Book a Free Demo',
      'Case Study',
      'The Hidden Cost of Missed Calls',
      'Staff overwhelmed',
      'After-hours misses',
      'High no-show rates',
      'Front desk burnout',
      'Patient frustration',
      '70%',
      '35-50%',
      '+42%',
      '+46.7%',
      '-85%',
      '$9,480',
      'GDPR',
    ],
  },
  {
    path: '/industries/law-firms',
    h1: 'Never Miss a Client Call Again',
    copy: ['-80%', '24/7', '-50%', '+30%', '-90%', '+135%', '+96%', '$21,300', 'Australian Privacy Act'],
  },
  {
    path: '/industries/home-services',
    h1: 'Never Miss a Job Again',
    copy: ['-85%', '+$18,000/mo', '$1,200-$2,500', '-60%', '+40%', '+132%', '+97%', '$27,360', 'HVAC'],
  },
  {
    path: '/case-studies/health-clinics',
    h1: 'How a busy clinic cut missed calls by 70%',
    copy: [
      'About the Client',
      'Challenges',
      'Objectives',
      'Solution',
      'Outcome',
      'Fewer missed calls',
      '2x',
      '89%',
    ],
  },
  {
    path: '/case-studies/law-firms',
    h1: 'How a law firm grew new client intake by 31%',
    copy: ['About the Client', '60%', '31%', '100+', 'Admin hours saved monthly', 'Case Studies'],
  },
  {
    path: '/case-studies/home-services',
    h1: 'How a home services business answers 93% of its calls',
    copy: ['About the Client', '93%', 'up from 54%', '40%', '50%', '30+'],
  },
  {
    path: '/privacy',
    h1: 'Privacy policy',
    copy: [
      'What we collect',
      'Demo call reports',
      'Recordings',
      'How long we keep it',
      'Your rights and deletion',
    ],
  },
  {
    path: '/privacy/sq',
    h1: 'Politika e privatësisë',
    copy: ['Çfarë mbledhim', 'Për sa kohë', 'Të drejtat tuaja dhe fshirja'],
  },
  {
    path: '/terms',
    h1: 'Terms of use',
    copy: ['Acceptable use', 'Australian Consumer Law'],
  },
  {
    path: '/terms/sq',
    h1: 'Kushtet e përdorimit',
    copy: ['Përdorimi i pranueshëm'],
  },
];
