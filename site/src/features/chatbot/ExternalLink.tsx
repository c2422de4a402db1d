import type { ReactNode } from 'react';
import { siteSettings } from '../../../common/site-settings.ts';

interface SchedulingLinkProps {
  className?: string;
  /** The translated "(opens in a new tab)" hint for screen readers. */
  opensInNewTab: string;
  children: ReactNode;
}

/** The external 30-minute scheduling page, always in a new tab. */
export function SchedulingLink({ className, opensInNewTab, children }: SchedulingLinkProps) {
  return (
    <a className={className} href={siteSettings().schedulingUrl} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {opensInNewTab}</span>
    </a>
  );
}
