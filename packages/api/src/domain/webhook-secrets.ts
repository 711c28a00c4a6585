/** A webhook's columns of its previous secret, kept for a while after a rotation. */
export interface PreviousSecretColumns {
  previousSecretEncrypted: string | null
  previousSecretExpiresAt: Date | null
}

/**
 * The previous secret of a rotated webhook while it still signs (24 h after the rotation), or
 * null once it has expired or where there is none.
 */
export function livePreviousSecret(
  hook: PreviousSecretColumns,
  now: number = Date.now(),
): { encrypted: string; expiresAt: Date } | null {
  const { previousSecretEncrypted: encrypted, previousSecretExpiresAt: expiresAt } = hook
  return encrypted !== null && expiresAt !== null && expiresAt.getTime() > now
    ? { encrypted, expiresAt }
    : null
}
