import { Button } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

/** A marketing section's calls to action: Get Started, then the page's own next step if any. */
export function HeroActions({ next }: { next?: { to: '/nextjs' | '/pricing'; label: string } }) {
  return (
    <div className="hero-actions">
      <Button asChild variant="primary" size="lg">
        <Link to="/get-started">Get Started</Link>
      </Button>
      {next ? (
        <Button asChild variant="secondary" size="lg">
          <Link to={next.to}>{next.label}</Link>
        </Button>
      ) : null}
    </div>
  )
}
