import { Link } from '@tanstack/react-router'

export function Footer() {
  return (
    <footer className="app-footer">
      <div className="app-footer-inner">
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link to="/changelog">Changelog</Link>
            </li>
            <li>
              <Link to="/nextjs">Next.js</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
          </ul>
        </nav>
        <p>© {new Date().getFullYear()} Headmark</p>
      </div>
    </footer>
  )
}
