import { intro } from '../../content/home.ts';

export function Intro() {
  return (
    <section className="intro" aria-labelledby="intro-title">
      <div className="intro__inner container">
        <div>
          <h2 id="intro-title" className="intro__title">
            {intro.title}
          </h2>
          <p className="intro__body">{intro.body}</p>
        </div>
        <ul className="intro__duties">
          {intro.duties.map((duty) => (
            <li key={duty} className="intro__duty">
              {duty}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
