import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** The BEM class list for a button-looking control; exported for one-off elements. */
export function buttonClass({ variant = 'primary', size = 'md' }: StyleProps, extra?: string): string {
  return ['btn', `btn--${variant}`, size === 'lg' ? 'btn--lg' : '', extra ?? ''].filter(Boolean).join(' ');
}

export type ButtonProps = StyleProps & ButtonHTMLAttributes<HTMLButtonElement>;

/** A real `<button>` (type="button" unless told otherwise). */
export function Button({ variant, size, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...rest} />;
}

export type LinkButtonProps = StyleProps & LinkProps;

/** An in-app route link that looks like a button. */
export function LinkButton({ variant, size, className, ...rest }: LinkButtonProps) {
  return <Link className={buttonClass({ variant, size }, className)} {...rest} />;
}

export type ExternalLinkButtonProps = StyleProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> & { href: string; children: ReactNode };

/** A link to another site that looks like a button; always opens a new tab with rel="noopener". */
export function ExternalLinkButton({ variant, size, className, children, ...rest }: ExternalLinkButtonProps) {
  return (
    <a target="_blank" rel="noopener" className={buttonClass({ variant, size }, className)} {...rest}>
      {children} <span className="visually-hidden">(opens in a new tab)</span>
    </a>
  );
}
