// Rules for the user-controlled fields better-auth stores (names, images, organization fields),
// applied to every endpoint that writes them, so they hold whichever way a value comes in.

export const MAX_NAME_LENGTH = 100
export const MAX_URL_LENGTH = 2048

/** C0 and C1 control characters (tabs and newlines included): never part of a name. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/** Why `name` is not an acceptable person or organization name, or null when it is. */
export function nameProblem(name: unknown, what = 'The name'): string | null {
  if (typeof name !== 'string') return `${what} must be text.`
  const trimmed = name.trim()
  if (trimmed === '') return `${what} can not be empty.`
  if (trimmed.length > MAX_NAME_LENGTH) {
    return `${what} can have at most ${MAX_NAME_LENGTH} characters.`
  }
  if (CONTROL.test(name)) return `${what} can not contain line breaks or control characters.`
  return null
}

/** Why `url` is not an acceptable image or logo address, or null when it is (empty is fine). */
export function imageUrlProblem(url: unknown, what = 'The image'): string | null {
  if (url === null || url === undefined || url === '') return null
  if (typeof url !== 'string') return `${what} must be a URL.`
  if (url.length > MAX_URL_LENGTH) {
    return `${what} URL can have at most ${MAX_URL_LENGTH} characters.`
  }
  if (!URL.canParse(url)) return `${what} must be a full https:// URL.`
  const { protocol } = new URL(url)
  if (protocol !== 'https:' && protocol !== 'http:') {
    return `${what} must be an https:// URL, not ${protocol}.`
  }
  return null
}

/**
 * A name made safe to place in an e-mail: control characters removed, at most 100 characters,
 * and a zero-width space after each dot, colon and slash so that mail clients do not turn a
 * name such as "evil.example/steal" into a link.
 */
export function nameForEmail(name: string): string {
  const cleaned = name.replace(new RegExp(CONTROL.source, 'g'), ' ').trim()
  const short =
    cleaned.length > MAX_NAME_LENGTH ? `${cleaned.slice(0, MAX_NAME_LENGTH - 1)}…` : cleaned
  return short.replace(/([.:/@])/g, '$1\u200b')
}

/** At most `max` characters of `value` for echoing back in a message, with an ellipsis. */
export function shortPrefix(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}
