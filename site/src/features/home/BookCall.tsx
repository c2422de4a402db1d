import { bookCall } from '../../content/home.ts';
import { BookCallLink } from '../../shared/ui/SchedulingLinks.tsx';

export function BookCall() {
  return (
    <section className="book-call" aria-labelledby="book-call-title">
      <div className="book-call__inner container">
        <h2 id="book-call-title">{bookCall.title}</h2>
        <p className="book-call__body">{bookCall.body}</p>
        <BookCallLink size="lg">{bookCall.cta}</BookCallLink>
      </div>
    </section>
  );
}
