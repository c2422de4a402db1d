import { ContactBlock } from '../../shared/layout/ContactBlock.tsx';
import { Benefits } from './Benefits.tsx';
import { BookCall } from './BookCall.tsx';
import { Bundles } from './Bundles.tsx';
import { Comparison } from './Comparison.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { IntegrationsMarquee } from './IntegrationsMarquee.tsx';
import { TryIt } from './TryIt.tsx';
import { UseCaseTabs } from './UseCaseTabs.tsx';

/** The home page's sections after the hero, in one chunk that is not needed up front. */
export function BelowTheFold() {
  return (
    <>
      <IntegrationsMarquee />
      <UseCaseTabs />
      <Benefits />
      <Comparison />
      <Bundles />
      <HowItWorks />
      <BookCall />
      <ContactBlock formFor="/" />
      <TryIt />
    </>
  );
}
