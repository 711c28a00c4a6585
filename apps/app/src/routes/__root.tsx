/// <reference types="vite/client" />
import uiStyles from '@headmark/ui/styles.css?url'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import appStyles from '~/app.css?url'
import adminStyles from '~/features/admin/admin.css?url'
import paletteStyles from '~/features/command-palette/command-palette.css?url'
import marketingStyles from '~/features/marketing/marketing.css?url'
import { AppShell } from '~/components/app-shell.tsx'
import { DocumentHead, DocumentScripts } from '~/components/document-assets.tsx'
import { NotFound } from '~/components/not-found.tsx'
import type { env } from '~/env.ts'
import { EARLY_SUBMIT_SCRIPT } from '~/lib/early-submit.ts'
import { sessionQuery } from '~/lib/session.ts'
import { THEME_BOOT_SCRIPT } from '~/lib/theme.ts'

export interface RouterContext {
  queryClient: QueryClient
  /** The validated public configuration. */
  env: typeof env
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.fetchQuery(sessionQuery)
    return { user: session.user }
  },
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: 'Headmark — metadata for every page' },
      {
        name: 'description',
        content:
          'Manage the titles, descriptions, Open Graph and X cards, icons and custom tags of every page, and ship them to your site.',
      },
    ],
    links: [
      { rel: 'stylesheet', href: uiStyles },
      { rel: 'stylesheet', href: appStyles },
      { rel: 'stylesheet', href: marketingStyles },
      { rel: 'stylesheet', href: adminStyles },
      { rel: 'stylesheet', href: paletteStyles },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootDocument({ children }: { children: ReactNode }) {
  const nonce = useRouter().options.ssr?.nonce
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Applies the saved theme before first paint, so dark mode never flashes light. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }}
        />
        {/* Holds a form sent before hydration, to send it through the app once hydrated. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: EARLY_SUBMIT_SCRIPT }}
        />
        <DocumentHead />
      </head>
      <body>
        {children}
        <DocumentScripts />
      </body>
    </html>
  )
}

function RootLayout() {
  const { user } = Route.useRouteContext()
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  )
}
