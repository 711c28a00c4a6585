import { Button } from '@headmark/ui'
import { createFileRoute, Link } from '@tanstack/react-router'

export const Route = createFileRoute('/_unauthenticated/')({
  component: Home,
})

function Home() {
  return (
    <section className="page hero">
      <h1>Every page, shared the way you meant it.</h1>
      <p className="lead">
        Headmark manages the titles, descriptions, Open Graph and X cards, icons and custom tags
        that decide how your pages look in search results and when they are shared — and ships them
        to your site through a fast public API and signed webhooks.
      </p>
      <div className="hero-actions">
        <Button asChild variant="primary" size="lg">
          <Link to="/get-started">Get Started</Link>
        </Button>
        <Button asChild variant="secondary" size="lg">
          <Link to="/pricing">See pricing</Link>
        </Button>
      </div>
    </section>
  )
}
