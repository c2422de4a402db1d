import { contactBlock } from '../../content/contact.ts';
import { LinkButton } from '../ui/Button.tsx';
import { BookCallLink } from '../ui/SchedulingLinks.tsx';
import { ContactForm } from './ContactForm.tsx';
import './contact-block.css';

/**
 * The shared contact / call-to-action block (home, industry and case-study pages);
 * `formFor` adds the short contact form, naming the page it is on.
 */
export function ContactBlock({ id = 'contact', formFor }: { id?: string; formFor?: string }) {
  return (
    <section id={id} className="contact-block" aria-labelledby={`${id}-title`}>
      <div className="contact-block__inner container">
        <h2 id={`${id}-title`} className="contact-block__title">
          {contactBlock.title}
        </h2>
        <p className="contact-block__body">{contactBlock.body}</p>
        <div className="contact-block__actions">
          <BookCallLink size="lg">{contactBlock.cta}</BookCallLink>
          <LinkButton to="/demo" variant="secondary" size="lg">
            {contactBlock.secondaryCta}
          </LinkButton>
        </div>
        {formFor && <ContactForm sourcePage={formFor} />}
      </div>
    </section>
  );
}
