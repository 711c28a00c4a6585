/** Served by changelog-sources.ts at build time. */
declare module 'virtual:headmark-changelog' {
  import type { ChangesetSource, ReleaseNotesSource } from '../changelog-sources.ts'
  export const changesets: ChangesetSource[]
  export const releaseNotes: ReleaseNotesSource[]
}
