/** The industries the site has a page for: the key in each page's URL and content. */
export type IndustryKey = 'health-clinics' | 'law-firms' | 'home-services';
