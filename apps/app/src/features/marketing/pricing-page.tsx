import { Link } from '@tanstack/react-router'
import { HeroActions } from './hero-actions.tsx'
import { PlanCatalogue } from '~/features/plans/plan-catalogue.tsx'

/** The pricing page: the plan catalogue (the same one onboarding shows) and what plans share. */
export function PricingPage() {
  return (
    <div className="marketing">
      <header className="mk-header">
        <h1>Pricing</h1>
        <p className="lead">
          Every organization picks a plan when it is created and can change it later. Every plan has
          every feature — the editor, previews and checks, revisions, the public API and signed
          webhooks; plans differ only in how much they hold.
        </p>
      </header>
      <PlanCatalogue />
      <section className="mk-section" aria-labelledby="pricing-notes">
        <h2 id="pricing-notes">Good to know</h2>
        <ul className="mk-checklist">
          <li>
            API calls are the requests your sites make to the public metadata API. Answers your
            server serves from the client’s cache are not calls.
          </li>
          <li>History is how long page revisions and the call history of each webhook are kept.</li>
          <li>
            Headmark is self-hosted: the operator of this instance sets how plans are billed. Ask
            them through the <Link to="/contact">contact form</Link>.
          </li>
        </ul>
        <HeroActions />
      </section>
    </div>
  )
}
