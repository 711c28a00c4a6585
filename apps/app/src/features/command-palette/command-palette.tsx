import { Dialog, DialogContent } from '@headmark/ui'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useNavigate, useParams } from '@tanstack/react-router'
import { Command } from 'cmdk'
import { useRef, useState } from 'react'
import { organizationsQuery } from '~/features/organizations/queries.ts'
import { sitesQuery } from '~/features/sites/queries.ts'
import { DOCS_URL } from '~/lib/links.ts'
import { type PaletteCommand, type PaletteOrganization, paletteCommands } from './commands.ts'

const GROUPS: PaletteCommand['group'][] = [
  'This site',
  'Go to',
  'Organizations',
  'Sites',
  'Site sections',
]

/**
 * The command palette (⌘K / Ctrl+K, or the header's Search button): a dialog with a search field
 * over the person's organizations, sites, each site's sections and the app's screens. Arrow keys
 * move, Enter goes, Escape closes; what is typed is matched fuzzily (cmdk's command-score).
 */
export function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const navigate = useNavigate()
  const [search, setSearch] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  // What had focus before (the header's button, or wherever ⌘K was pressed) gets it back.
  const opener = useRef<HTMLElement | null>(null)
  const params = useParams({ strict: false })
  const organizations = useQuery({ ...organizationsQuery(), enabled: open })
  const sites = useQueries({
    queries: (organizations.data ?? []).map((organization) => ({
      ...sitesQuery(organization.slug),
      enabled: open,
      retry: false,
    })),
  })
  const loaded: PaletteOrganization[] = (organizations.data ?? []).map((organization, index) => ({
    slug: organization.slug,
    name: organization.name,
    role: organization.role,
    sites: (sites[index]?.data ?? []).map(({ hostname, name }) => ({ hostname, name })),
  }))
  const current =
    params.organizationSlug && params.siteHostname
      ? { organizationSlug: params.organizationSlug, siteHostname: params.siteHostname }
      : undefined
  const commands = paletteCommands({
    organizations: loaded,
    current,
    docsUrl: DOCS_URL,
    withAllSections: search.trim() !== '',
  })
  const loading = organizations.isPending || sites.some((query) => query.isPending)

  function go(command: PaletteCommand) {
    onOpenChange(false)
    setSearch('')
    if (command.target.kind === 'external') {
      window.open(command.target.href, '_blank', 'noopener,noreferrer')
      return
    }
    void navigate({ to: command.target.to, params: command.target.params as never })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setSearch('')
        onOpenChange(next)
      }}
    >
      <DialogContent
        title="Go to"
        className="command-palette"
        onOpenAutoFocus={(event) => {
          // Typing starts at once: the search field, not the dialog's Close button.
          event.preventDefault()
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null
          inputRef.current?.focus()
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          if (opener.current?.isConnected) opener.current.focus()
        }}
      >
        <Command label="Search organizations, sites and screens" vimBindings={false} loop>
          <Command.Input
            ref={inputRef}
            className="command-palette__input"
            placeholder="Search organizations, sites and screens…"
            value={search}
            onValueChange={setSearch}
          />
          <Command.List className="command-palette__list" label="Results">
            {loading ? (
              <Command.Loading label="Loading your organizations and sites">
                Loading your organizations and sites…
              </Command.Loading>
            ) : null}
            <Command.Empty className="command-palette__empty">Nothing matches.</Command.Empty>
            {GROUPS.map((group) => {
              const items = commands.filter((command) => command.group === group)
              if (items.length === 0) return null
              return (
                <Command.Group key={group} heading={group} className="command-palette__group">
                  {items.map((command) => (
                    <Command.Item
                      key={command.value}
                      value={command.value}
                      keywords={[command.label, command.detail ?? '', ...command.keywords]}
                      onSelect={() => go(command)}
                      className="command-palette__item"
                    >
                      <span className="command-palette__label">{command.label}</span>
                      {command.detail ? (
                        <span className="command-palette__detail">{command.detail}</span>
                      ) : null}
                    </Command.Item>
                  ))}
                </Command.Group>
              )
            })}
          </Command.List>
        </Command>
        <p className="command-palette__hint" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to go · <kbd>Esc</kbd> to close
        </p>
      </DialogContent>
    </Dialog>
  )
}

export default CommandPalette
