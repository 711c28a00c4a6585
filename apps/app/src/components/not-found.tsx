import { Link } from '@tanstack/react-router'

export function NotFound() {
  return (
    <section className="page page-narrow not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to="/" className="text-link">
        Go to home
      </Link>
    </section>
  )
}
