/** An e-mail ready to send: a plain-text body and the same content as simple HTML. */
export interface Email {
  subject: string
  text: string
  html: string
}

/** The e-mail sent on sign-up: one link confirms the address and signs the person in. */
export function verificationEmail({ name, url }: { name: string; url: string }): Email {
  return compose({
    subject: 'Confirm your e-mail address for Headmark',
    greeting: `Hello ${name},`,
    lines: ['Confirm your e-mail address to finish creating your Headmark account:'],
    action: { label: 'Confirm e-mail address', url },
    footer: 'If you did not sign up for Headmark, ignore this e-mail: no account will be created.',
  })
}

/** Sent to a new address given on the account screen: the address changes once it is confirmed. */
export function changeEmailEmail({ name, url }: { name: string; url: string }): Email {
  return compose({
    subject: 'Confirm your new e-mail address for Headmark',
    greeting: `Hello ${name},`,
    lines: [
      'You asked to use this address for your Headmark account. Your account keeps its current address until you confirm this one:',
    ],
    action: { label: 'Confirm the new address', url },
    footer: 'If you did not ask for this, ignore this e-mail: nothing changes.',
  })
}

/** Sent instead of a sign-in link to an account with two-factor sign-in: links would skip it. */
export function twoFactorSignInEmail({ signInUrl }: { signInUrl: string }): Email {
  return compose({
    subject: 'Sign in to Headmark with your password and code',
    greeting: 'Hello,',
    lines: [
      'Someone asked for a sign-in link for this address. Your account uses two-factor sign-in, so Headmark does not send sign-in links: sign in with your password and a code from your authenticator app (or a recovery code), or with a passkey.',
    ],
    action: { label: 'Sign in to Headmark', url: signInUrl },
    footer: 'If you did not ask to sign in, ignore this e-mail.',
  })
}

/** The e-mail sent when someone asks to reset a forgotten password. */
export function resetPasswordEmail({ name, url }: { name: string; url: string }): Email {
  return compose({
    subject: 'Reset your Headmark password',
    greeting: `Hello ${name},`,
    lines: [
      'Use this link to choose a new password for your Headmark account. It works once and expires in 1 hour. Choosing a new password signs you out everywhere else.',
    ],
    action: { label: 'Choose a new password', url },
    footer:
      'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
  })
}

/** The e-mail sent when someone asks for a sign-in link. */
export function magicLinkEmail({ url }: { url: string }): Email {
  return compose({
    subject: 'Your Headmark sign-in link',
    greeting: 'Hello,',
    lines: ['Use this link to sign in to Headmark. It works once and expires in 5 minutes.'],
    action: { label: 'Sign in to Headmark', url },
    footer: 'If you did not ask to sign in, ignore this e-mail.',
  })
}

/** The e-mail sent when a member invites someone to an organization. */
export function invitationEmail({
  organizationName,
  inviterName,
  role,
  url,
}: {
  organizationName: string
  inviterName: string
  role: string
  url: string
}): Email {
  return compose({
    subject: `${inviterName} invited you to ${organizationName} on Headmark`,
    greeting: 'Hello,',
    lines: [`${inviterName} invited you to join ${organizationName} on Headmark as ${role}.`],
    action: { label: 'Open the invitation', url },
    footer: 'If you do not know this organization, ignore this e-mail.',
  })
}

/** Sent to a site's owners and admins when one of its webhooks was disabled after failing. */
export function webhookDisabledEmail({
  siteHostname,
  webhookUrl,
  reason,
  url,
}: {
  siteHostname: string
  webhookUrl: string
  reason: string
  url: string
}): Email {
  return compose({
    subject: `A webhook of ${siteHostname} was disabled`,
    greeting: 'Hello,',
    lines: [
      `Headmark disabled the webhook ${webhookUrl} of ${siteHostname}: ${reason}`,
      'Nothing is sent to it until it is enabled again. Enabling it sends only new changes; older ones can be redelivered from its history.',
    ],
    action: { label: 'Open the webhook', url },
    footer: 'You receive this e-mail as an owner or admin of the organization.',
  })
}

/** Sent to a member asked to review a change request. */
export function reviewRequestedEmail({
  authorName,
  title,
  siteHostname,
  url,
}: {
  authorName: string
  title: string
  siteHostname: string
  url: string
}): Email {
  return compose({
    subject: `Review requested: ${oneLine(title)}`,
    greeting: 'Hello,',
    lines: [
      `${oneLine(authorName)} asks you to review the change request “${oneLine(title)}” of ${siteHostname}.`,
      'Its changes go live only once it is approved and published.',
    ],
    action: { label: 'Review the change request', url },
    footer: 'You receive this e-mail because you were named a reviewer.',
  })
}

/** Sent to a change request's author when it is reviewed, published, or its release failed. */
export function changeRequestNewsEmail({
  title,
  siteHostname,
  news,
  url,
}: {
  title: string
  siteHostname: string
  /** One sentence: "Ada approved it.", "It was published." */
  news: string
  url: string
}): Email {
  return compose({
    subject: `${oneLine(news).slice(0, 80)} — ${oneLine(title)}`,
    greeting: 'Hello,',
    lines: [`Your change request “${oneLine(title)}” of ${siteHostname}: ${oneLine(news)}`],
    action: { label: 'Open the change request', url },
    footer: 'You receive this e-mail as the author of the change request.',
  })
}

/** A person's text on one line, short enough for a subject. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat
}

export function compose(parts: {
  subject: string
  greeting: string
  lines: string[]
  action: { label: string; url: string }
  footer: string
}): Email {
  const { subject, greeting, lines, action, footer } = parts
  const text = [greeting, '', ...lines, '', action.url, '', footer, ''].join('\n')
  const paragraphs = [greeting, ...lines].map((line) => `<p>${escapeHtml(line)}</p>`)
  const html = [
    ...paragraphs,
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    `<p>Or paste this address into your browser:<br>${escapeHtml(action.url)}</p>`,
    `<p>${escapeHtml(footer)}</p>`,
  ].join('\n')
  return { subject, text, html }
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}
