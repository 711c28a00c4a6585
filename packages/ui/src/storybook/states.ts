// Story fragments for the states every component shows: spread them into a story object.

/** Renders the story (and <html>, for portalled parts) in the dark theme. */
export const dark = { globals: { theme: 'dark' } }

/** A 320px-wide phone viewport. */
export const narrow = { globals: { viewport: { value: 'mobile1', isRotated: false } } }

/** Right-to-left layout, for Arabic and Hebrew content. */
export const rtl = { parameters: { direction: 'rtl' } }
