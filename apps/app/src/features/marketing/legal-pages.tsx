import { Link } from '@tanstack/react-router'

/** The privacy notice of a self-hosted Headmark: what this instance stores and why. */
export function PrivacyPage() {
  return (
    <article className="marketing mk-prose">
      <header className="mk-header">
        <h1>Privacy</h1>
        <p className="lead">
          What this Headmark instance stores about you, why, and for how long. “We” is the operator
          of this instance: the person or company that runs it on their own server.
        </p>
      </header>

      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name, e-mail address, a hash of your password (never
          the password itself), whether your address is confirmed, and your platform role.
        </li>
        <li>
          <strong>Your sessions:</strong> for each signed-in device, the session’s expiry, the IP
          address and the browser’s user agent, so you and the operator can see and end sessions.
        </li>
        <li>
          <strong>What you create:</strong> organizations, memberships and invitations, sites,
          pages, their metadata and its revision history, API keys (stored hashed), webhooks and the
          history of their calls.
        </li>
        <li>
          <strong>Messages you send</strong> through the contact form: your name, e-mail address and
          message, delivered to the operator by e-mail.
        </li>
      </ul>

      <h2>Cookies</h2>
      <p>
        One session cookie keeps you signed in. It is set only when you sign in, is marked HttpOnly
        and is removed when you sign out. Your light or dark theme choice is kept in your browser’s
        local storage and never sent to us.
      </p>

      <h2>Analytics and live chat</h2>
      <p>
        If the operator has enabled them, this site records page views and, once you are signed in,
        links them to your account id, name and e-mail address, so that we can see which parts of
        the product are used. The traffic goes through this site’s own address (<code>/ingest</code>
        ) to the operator’s analytics service. The support chat, when enabled, receives the same
        name, e-mail address and id so that you do not have to introduce yourself; it is cleared
        when you sign out. Neither is used for advertising.
      </p>

      <h2>Metadata API</h2>
      <p>
        Your sites call the public metadata API while rendering their pages. We count the calls per
        organization for usage and plan limits; we do not record who visited your pages.
      </p>

      <h2>Who receives your data</h2>
      <p>
        Nobody outside the operator, except the services the operator configures to run this
        instance: the mail server that sends confirmation and sign-in e-mails, and, if enabled, the
        analytics and chat providers. Your webhooks send your sites’ metadata to the URLs you enter.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Your account and what you create are kept until you delete them. Revisions and webhook
        history are kept for as long as your organization’s plan says. Deleting your account removes
        your profile and sessions; organizations you own are deleted with their sites.
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and correct your data in the app, end your sessions and delete your account. For
        a copy of your data or anything else, write to the operator through the{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    </article>
  )
}

/** The terms of use of a self-hosted Headmark instance. */
export function TermsPage() {
  return (
    <article className="marketing mk-prose">
      <header className="mk-header">
        <h1>Terms</h1>
        <p className="lead">
          The rules for using this Headmark instance. “We” is its operator; “you” is the person
          using it, and the organization you act for.
        </p>
      </header>

      <h2>Your account</h2>
      <p>
        You need a confirmed e-mail address to use the app. Keep your password to yourself; you are
        responsible for what is done with your account. Tell us through the{' '}
        <Link to="/contact">contact form</Link> if you think someone else has used it.
      </p>

      <h2>Organizations and your content</h2>
      <p>
        The metadata, sites and webhooks you create belong to your organization. Owners and admins
        decide who can see and change them. We store and serve them so that the service works, and
        for no other purpose. You are responsible for having the right to publish what you enter,
        including the images you link to.
      </p>

      <h2>Acceptable use</h2>
      <ul>
        <li>Add only sites you control or are allowed to manage.</li>
        <li>Do not use webhooks to send requests to systems you are not allowed to reach.</li>
        <li>
          Do not try to get around plan limits, rate limits or other people’s permissions, or to
          read data of organizations you do not belong to.
        </li>
        <li>Do not publish malware, phishing pages or unlawful content through the service.</li>
      </ul>
      <p>
        Platform administrators may suspend an account that breaks these rules, with a reason and,
        where it fits, an end date.
      </p>

      <h2>Plans and limits</h2>
      <p>
        Each organization is on a plan from the <Link to="/pricing">pricing page</Link>. When an
        organization reaches a limit, new sites, pages or webhooks are refused until it changes
        plan; what already exists keeps being served.
      </p>

      <h2>Availability</h2>
      <p>
        We run this instance with care but do not promise that it is always available. The published
        client is built for that: when the API can not be reached, your pages render with their own
        fallback tags.
      </p>

      <h2>Ending</h2>
      <p>
        You can delete your account at any time. We may close this instance after giving its users
        notice by e-mail and time to move their metadata elsewhere.
      </p>

      <h2>Changes</h2>
      <p>
        When these terms change in a way that matters, we will tell signed-in users before the
        change applies. The <Link to="/changelog">changelog</Link> lists changes to the product
        itself.
      </p>
    </article>
  )
}
