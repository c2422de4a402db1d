import { tryIt } from '../../content/home.ts';
import { LinkButton } from '../../shared/ui/Button.tsx';

export function TryIt() {
  return (
    <section className="try-it" aria-labelledby="try-it-title">
      <div className="try-it__inner container">
        <h2 id="try-it-title">{tryIt.title}</h2>
        <p className="try-it__body">{tryIt.body}</p>
        <LinkButton to={tryIt.link} variant="secondary" size="lg">
          {tryIt.cta}
        </LinkButton>
      </div>
    </section>
  );
}
