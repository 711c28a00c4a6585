import { normalizeHostname } from '@headmark/api/shared'

/**
 * What the server will store for a typed hostname, for the form's hint: the server's own rule
 * (`normalizeHostname`), so the hint never promises what the server then refuses. Undefined when
 * the server would refuse it: the field's message then says why.
 *
 * @example
 * previewHostname('https://Acme.COM/pricing') // 'acme.com'
 */
export function previewHostname(input: string): string | undefined {
  const result = normalizeHostname(input, { production: false })
  return result.ok ? result.hostname : undefined
}
