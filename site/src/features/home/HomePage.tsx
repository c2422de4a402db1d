import { ContactBlock } from '../../shared/layout/ContactBlock.tsx';
import { Footer } from '../../shared/layout/Footer.tsx';
import { Header } from '../../shared/layout/Header.tsx';
import { Benefits } from './Benefits.tsx';
import { BookCall } from './BookCall.tsx';
import { Bundles } from './Bundles.tsx';
import { Comparison } from './Comparison.tsx';
import { Hero } from './Hero.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { IntegrationsMarquee } from './IntegrationsMarquee.tsx';
import { Intro } from './Intro.tsx';
import { TryIt } from './TryIt.tsx';
import { UseCaseTabs } from './UseCaseTabs.tsx';
import './home.css';

/** `/`: the sections in the order spec §2 gives, anchored sections in nav order. */
export function HomePage() {
  return (
    <>
      <Header />
      <main id="main" className="home">
        <Hero />
        <Intro />
        <IntegrationsMarquee />
        <UseCaseTabs />
        <Benefits />
        <Comparison />
        <Bundles />
        <HowItWorks />
        <BookCall />
        <ContactBlock formFor="/" />
        <TryIt />
      </main>
      <Footer />
    </>
  );
}
