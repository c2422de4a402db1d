import { siteSettings } from '../../../common/site-settings.ts';
import { Button, ExternalLinkButton, type ButtonSize, type ButtonVariant } from './Button.tsx';

interface SchedulingProps {
  children?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** 'Book a Call': the external 30-minute scheduling link, in a new tab. */
export function BookCallLink({ children = 'Book a Call', ...style }: SchedulingProps) {
  return (
    <ExternalLinkButton href={siteSettings().schedulingUrl} {...style}>
      {children}
    </ExternalLinkButton>
  );
}

/** A real button that opens the scheduling page in a new tab (e.g. 'Book a Free Demo'). */
export function SchedulingButton({ children = 'Book a Call', ...style }: SchedulingProps) {
  return (
    <Button {...style} onClick={() => window.open(siteSettings().schedulingUrl, '_blank', 'noopener')}>
      {children} <span className="visually-hidden">(opens in a new tab)</span>
    </Button>
  );
}
