import { tryIt } from '../../content/home.ts';
import { siteSettings } from '../../../common/site-settings.ts';
import { LinkButton } from '../../shared/ui/Button.tsx';

export function TryIt() {
  const { demoPhone } = siteSettings();
  return (
    <section className="try-it" aria-labelledby="try-it-title">
      <div className="try-it__inner container">
        <h2 id="try-it-title">{tryIt.title}</h2>
        <p className="try-it__body">{tryIt.body}</p>
        <LinkButton to={tryIt.link} variant="secondary" size="lg">
          {tryIt.cta}
        </LinkButton>
        {demoPhone && (
          <p className="try-it__phone">
            {tryIt.phone} <a href={`tel:${demoPhone.replace(/[^\d+]/g, '')}`}>{demoPhone}</a>
          </p>
        )}
      </div>
    </section>
  );
}
