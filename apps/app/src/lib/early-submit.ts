/**
 * What a person does in the moment before the page has hydrated is kept, not lost.
 *
 * - A form sent then would be posted as plain HTML: the server answers with the same page, empty,
 *   and what was typed is gone. The inline {@link EARLY_SUBMIT_SCRIPT} (in <head>, before any
 *   form exists) listens last, on the window, and holds every submission the app did not take
 *   (every form of the app prevents the browser's own).
 * - Once the app has hydrated, {@link releaseHeldSubmission} gives the app what was typed before
 *   (the fields are controlled: React's state still holds the server's values) and sends the held
 *   submission again, through the app. While the form's part of the page is still hydrating it is
 *   tried again every 50 ms, for at most 5 s, then dropped: the form stays as it was, to be sent
 *   again.
 *
 * Without JavaScript, forms are sent as plain HTML (the ones with secrets use method="post":
 * nothing typed reaches the address).
 */
export const EARLY_SUBMIT_SCRIPT = `(function(w,d){
var root=d.documentElement,held=null;
w.addEventListener('submit',function(e){var f=e.target;
if(e.defaultPrevented||!f||f.method==='dialog'||f.target)return;
e.preventDefault();held={form:f,submitter:e.submitter||null,at:Date.now()};
root.setAttribute('data-submit-held','');if(w.__headmarkOnHeld)w.__headmarkOnHeld()});
w.__headmarkTakeHeld=function(){var h=held;held=null;root.removeAttribute('data-submit-held');return h}
})(window,document)`.replace(/\n/g, '')

/** How long a held submission is tried again once the app has hydrated. */
export const HELD_SUBMISSION_MS = 5000
const RETRY_MS = 50

interface HeldSubmission {
  form: HTMLFormElement
  submitter: HTMLElement | null
  /** When it was held (ms since the epoch). */
  at: number
}

declare global {
  interface Window {
    __headmarkTakeHeld?: () => HeldSubmission | null
    __headmarkOnHeld?: () => void
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement

/** Inputs whose value is text a person types (not check boxes, files or hidden values). */
const TEXT_TYPES = new Set(['text', 'email', 'password', 'search', 'url', 'tel', 'number'])

const textFields = (scope: ParentNode) =>
  [...scope.querySelectorAll<Field>('input, textarea')].filter(
    (field) => !(field instanceof HTMLInputElement) || TEXT_TYPES.has(field.type),
  )

/**
 * Whether React has hydrated `field`: it then follows the field's value through a setter of the
 * field's own (the prototype's otherwise). A field not hydrated yet is hydrated at the first
 * event that reaches it, with what it holds then: telling React about a change before would be
 * lost.
 */
const hydratedField = (field: Field) =>
  Object.getOwnPropertyDescriptor(field, 'value') !== undefined

/** Fields already looked at. */
const examined = new WeakSet<Field>()

/**
 * Tells the app about text typed into `scope`'s hydrated fields before hydration: for each one
 * whose value differs from the one the server rendered, it dispatches the event a person's typing
 * would have. React compares with the value last set through the field's own setter, so the
 * value is first set back through it, then to what was typed through the prototype's, as a
 * browser does when a person types. (Check boxes and selects are set back to the server's state
 * by React itself when it hydrates: there is nothing left to tell.) Returns whether every text
 * field of `scope` has hydrated.
 */
export function adoptTypedValues(scope: ParentNode): boolean {
  const fields = textFields(scope)
  // Each field is looked at once, as soon as it has hydrated: what is typed later is the app's.
  const fresh = fields.filter((field) => hydratedField(field) && !examined.has(field))
  for (const field of fresh) examined.add(field)
  // Read all first: each change re-renders the form, and React sets the other controlled fields
  // back to its state as it does.
  const typed = fresh
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }))
  for (const { field, value } of typed) {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set
    field.value = field.defaultValue
    if (setter) setter.call(field, value)
    else field.value = value
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
  return fields.every(hydratedField)
}

interface Pending {
  form: HTMLFormElement
  submitter: HTMLElement | null
}

let released = false
let pending: Pending | null = null
const deadlines = new WeakMap<HTMLFormElement, number>()
let timer: ReturnType<typeof setTimeout> | undefined
let adoptUntil = 0

const marker = (on: boolean) => document.documentElement.toggleAttribute('data-submit-held', on)

function later(): void {
  clearTimeout(timer)
  timer = setTimeout(step, RETRY_MS)
}

/**
 * One step: tells the app what was typed in fields that have hydrated since, and sends the
 * pending submission once its form has hydrated. Takes another step in 50 ms while there is
 * something left to do, for at most 5 s each.
 */
function step(now = Date.now()): void {
  const held = window.__headmarkTakeHeld?.()
  if (held) {
    pending = { form: held.form, submitter: held.submitter }
    if (!deadlines.has(held.form)) {
      deadlines.set(held.form, Math.max(now, held.at) + HELD_SUBMISSION_MS)
    }
  }
  const allHydrated = adoptTypedValues(document)
  const waiting = !allHydrated && now < adoptUntil
  if (pending) {
    const { form, submitter } = pending
    if (!form.isConnected || now > (deadlines.get(form) ?? 0)) {
      pending = null
      deadlines.delete(form)
    } else if (textFields(form).every(hydratedField)) {
      pending = null
      form.requestSubmit(submitter?.isConnected && form.contains(submitter) ? submitter : null)
      // Taken by the app (not held again): a later submission starts afresh.
      if (!document.documentElement.hasAttribute('data-submit-held')) deadlines.delete(form)
      else return
    }
  }
  marker(pending !== null)
  if (pending || waiting) later()
}

/**
 * Called once the app has hydrated: gives it what was typed before, sends the submission held
 * before once its form has hydrated, and from then on tries again any submission the app has not
 * taken (a part of the page still hydrating) every 50 ms, for at most 5 s.
 */
export function releaseHeldSubmission(): void {
  if (released) return
  released = true
  adoptUntil = Date.now() + HELD_SUBMISSION_MS
  window.__headmarkOnHeld = later
  step()
}
