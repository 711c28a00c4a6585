import type { Metadata } from '@headmark/metadata'
import { useCallback, useMemo, useState } from 'react'
import { sameMetadata } from '../metadata-editor/paths.ts'
import type { BulkApplyResult, BulkEditInput } from './types.ts'

/** A page's pending change; `conflict` says why applying it was refused. */
export interface BulkPendingEdit extends BulkEditInput {
  conflict?: string
}

/** The pending change set: one entry per page, and the steps that undo reverses. */
export interface BulkEditsState {
  edits: ReadonlyMap<string, BulkPendingEdit>
  /** Each step holds, per page it touched, that page's entry before the step. */
  undo: ReadonlyArray<ReadonlyArray<{ pageId: string; previous: BulkPendingEdit | undefined }>>
}

export const EMPTY_BULK_EDITS: BulkEditsState = { edits: new Map(), undo: [] }

// Steps kept for undo; older ones stay applied to the change set, only their undo is forgotten.
const UNDO_LIMIT = 200

/**
 * Adds changes as one undo step. A page's `before` stays the metadata it had when first edited;
 * a change back to that metadata removes the page from the set.
 */
export function addBulkEdits(
  state: BulkEditsState,
  changes: readonly BulkEditInput[],
): BulkEditsState {
  const edits = new Map(state.edits)
  const step: Array<{ pageId: string; previous: BulkPendingEdit | undefined }> = []
  for (const change of changes) {
    const previous = edits.get(change.pageId)
    const before = previous?.before ?? change.before
    const baseRevisionId = previous ? previous.baseRevisionId : change.baseRevisionId
    if (previous && sameMetadata(previous.after, change.after) && !previous.conflict) continue
    if (!previous && sameMetadata(before, change.after)) continue
    step.push({ pageId: change.pageId, previous })
    if (sameMetadata(before, change.after)) edits.delete(change.pageId)
    else edits.set(change.pageId, { ...change, before, baseRevisionId })
  }
  if (step.length === 0) return state
  return { edits, undo: [...state.undo, step].slice(-UNDO_LIMIT) }
}

/** Reverses the last step. */
export function undoBulkEdit(state: BulkEditsState): BulkEditsState {
  const step = state.undo.at(-1)
  if (!step) return state
  const edits = new Map(state.edits)
  for (const { pageId, previous } of [...step].reverse()) {
    if (previous) edits.set(pageId, previous)
    else edits.delete(pageId)
  }
  return { edits, undo: state.undo.slice(0, -1) }
}

/**
 * After applying: applied pages leave the set, conflicting ones stay, marked with the reason.
 * The undo history is cleared, since undoing past an applied change would not reverse it.
 */
export function settleBulkEdits(
  state: BulkEditsState,
  sent: readonly string[],
  result: BulkApplyResult,
): BulkEditsState {
  const conflicts = new Map(result.conflicts.map((conflict) => [conflict.pageId, conflict]))
  const edits = new Map(state.edits)
  for (const pageId of sent) {
    const edit = edits.get(pageId)
    if (!edit) continue
    const conflict = conflicts.get(pageId)
    if (conflict)
      edits.set(pageId, {
        ...edit,
        conflict:
          conflict.message ??
          'Changed by someone else since it was loaded; review and apply again.',
      })
    else edits.delete(pageId)
  }
  return { edits, undo: [] }
}

export interface UseBulkEdits {
  state: BulkEditsState
  edits: ReadonlyMap<string, BulkPendingEdit>
  /** Pages with a pending change. */
  count: number
  canUndo: boolean
  /** Adds changes as one undo step. */
  add: (changes: readonly BulkEditInput[]) => void
  undo: () => void
  /** Forgets every pending change. */
  discard: () => void
  /** Takes in what applying returned (see settleBulkEdits). */
  settle: (sent: readonly string[], result: BulkApplyResult) => void
  /** The metadata a page shows: its pending change, or its own. */
  current: (pageId: string, own: Metadata) => Metadata
}

/**
 * The bulk editor's pending change set. Hold it in the app (above the editor) to keep the changes
 * when the editor unmounts, e.g. while another page of the app is open.
 *
 * @example
 * const bulkEdits = useBulkEdits()
 * <BulkEditor edits={bulkEdits} … />
 */
export function useBulkEdits(initial: BulkEditsState = EMPTY_BULK_EDITS): UseBulkEdits {
  const [state, setState] = useState(initial)
  const add = useCallback((changes: readonly BulkEditInput[]) => {
    setState((current) => addBulkEdits(current, changes))
  }, [])
  const undo = useCallback(() => setState(undoBulkEdit), [])
  const discard = useCallback(() => setState(EMPTY_BULK_EDITS), [])
  const settle = useCallback((sent: readonly string[], result: BulkApplyResult) => {
    setState((current) => settleBulkEdits(current, sent, result))
  }, [])
  return useMemo(
    () => ({
      state,
      edits: state.edits,
      count: state.edits.size,
      canUndo: state.undo.length > 0,
      add,
      undo,
      discard,
      settle,
      current: (pageId: string, own: Metadata) => state.edits.get(pageId)?.after ?? own,
    }),
    [state, add, undo, discard, settle],
  )
}
