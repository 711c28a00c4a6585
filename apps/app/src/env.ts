import { createEnv, publicEnvSchema } from '@headmark/metadata/env'
import { z } from 'zod'

/** The app's validated public configuration (build-time variables). */
export const env = createEnv({
  schema: publicEnvSchema.extend({
    /** Headmark's documentation; the navigation's "Docs" opens it in a new tab. */
    VITE_DOCS_URL: z.url().default('https://docs.headmark.dev'),
    /** The live-chat widget (Tawk.to): both ids, or neither and no widget is loaded. */
    VITE_CHAT_PROPERTY_ID: z.string().optional(),
    VITE_CHAT_WIDGET_ID: z.string().optional(),
    /** Where the chat script is loaded from; tests point it at a local server. */
    VITE_CHAT_SCRIPT_ORIGIN: z.url().default('https://embed.tawk.to'),
  }),
  runtimeEnv: import.meta.env,
})
