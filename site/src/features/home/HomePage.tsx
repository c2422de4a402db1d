import { Footer } from '../../shared/layout/Footer.tsx';
import { Header } from '../../shared/layout/Header.tsx';
import { deferred } from '../../shared/ui/deferred.tsx';
import { Hero } from './Hero.tsx';
import { Intro } from './Intro.tsx';
import './home.css';

// Everything after the intro hydrates from its own chunk: / ships less JS up front (issue 23).
const BelowTheFold = deferred(() =>
  import('./BelowTheFold.deferred.tsx').then((module) => module.BelowTheFold),
);

/** `/`: the sections in the order spec §2 gives, anchored sections in nav order. */
export function HomePage() {
  return (
    <>
      <Header />
      <main id="main" className="home">
        <Hero />
        <Intro />
        <BelowTheFold />
      </main>
      <Footer />
    </>
  );
}
