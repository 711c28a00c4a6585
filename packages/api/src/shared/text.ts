import { z } from 'zod'

/**
 * Text that is stored exactly as typed. Two characters can not be: NUL (PostgreSQL text refuses
 * it) and a leading U+FEFF, which the embedded database's driver drops when it reads the value
 * back.
 *
 * @example
 * storable('The name').parse('Acme') // 'Acme'
 */
export function storable(label: string) {
  return z
    .string()
    .refine((value) => !value.includes('\u0000'), `${label} can not contain a NUL character.`)
    .refine(
      (value) => !value.startsWith('\uFEFF'),
      `${label} starts with an invisible character (U+FEFF, a byte-order mark); remove it.`,
    )
}

/**
 * A hostname, id, cursor or search text that is only looked up, never stored: bounded, and
 * without NUL, which PostgreSQL refuses in text parameters (a 500 otherwise).
 *
 * @example
 * lookupText('The hostname', 4096)
 */
export function lookupText(label: string, max: number) {
  return z
    .string()
    .max(max, `${label} can have at most ${max} characters.`)
    .refine((value) => !value.includes('\u0000'), `${label} can not contain a NUL character.`)
}
