// @vitest-environment happy-dom
import { act, type FormEvent, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARLY_SUBMIT_SCRIPT } from './early-submit.ts'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

const windowListeners: Array<[string, EventListenerOrEventListenerObject]> = []

/** The module afresh (it remembers being released), and the inline script run as in <head>. */
async function freshPage(html: string) {
  vi.resetModules()
  const module = await import('./early-submit.ts')
  document.body.innerHTML = html
  const add = window.addEventListener.bind(window)
  const spy = vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    windowListeners.push([type, listener])
    add(type, listener, options)
  })
  new Function(EARLY_SUBMIT_SCRIPT)()
  spy.mockRestore()
  return { ...module, form: document.querySelector('form')! }
}

/** Submits `form` as a click on `submitter` would: returns whether the browser may send it. */
function submit(form: HTMLFormElement, submitter: HTMLElement | null = null): boolean {
  return form.dispatchEvent(
    new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter }),
  )
}

/** The app's handler, as React attaches it once the form has hydrated. */
function takenByTheApp(form: HTMLFormElement) {
  const taken: Array<string | null> = []
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    taken.push((event.submitter as HTMLButtonElement | null)?.value ?? null)
  })
  return taken
}

const isHeld = () => document.documentElement.hasAttribute('data-submit-held')

beforeEach(() => {
  vi.useFakeTimers()
  document.documentElement.removeAttribute('data-submit-held')
})
afterEach(() => {
  for (const [type, listener] of windowListeners.splice(0)) {
    window.removeEventListener(type, listener)
  }
  delete window.__headmarkTakeHeld
  delete window.__headmarkOnHeld
  vi.useRealTimers()
})

describe('a form sent before the app has hydrated', () => {
  it('is held, not sent as plain HTML, and said so on the document', async () => {
    const { form } = await freshPage('<form method="post"><input name="m" value="x"></form>')
    expect(submit(form)).toBe(false)
    expect(isHeld()).toBe(true)
  })

  it('is sent through the app once released, with the button that sent it', async () => {
    const { form, releaseHeldSubmission } = await freshPage(
      '<form method="post"><button name="intent" value="save">Save</button><button name="intent" value="delete">Delete</button></form>',
    )
    submit(form, form.querySelectorAll('button')[1]!)
    const taken = takenByTheApp(form)
    releaseHeldSubmission()
    expect(taken).toEqual(['delete'])
    expect(isHeld()).toBe(false)
    // From then on the app's own submissions pass untouched.
    releaseHeldSubmission()
    expect(submit(form)).toBe(false)
    expect(taken).toEqual(['delete', null])
    expect(isHeld()).toBe(false)
  })

  it('is tried again every 50 ms while its part of the page is still hydrating', async () => {
    const { form, releaseHeldSubmission } = await freshPage('<form method="post"></form>')
    submit(form)
    releaseHeldSubmission()
    expect(isHeld()).toBe(true)
    vi.advanceTimersByTime(120)
    const taken = takenByTheApp(form)
    vi.advanceTimersByTime(50)
    expect(taken).toEqual([null])
    expect(isHeld()).toBe(false)
  })

  it('waits until the fields of its form have hydrated', async () => {
    const { form, releaseHeldSubmission } = await freshPage(
      '<form method="post"><input name="email"></form>',
    )
    submit(form)
    const taken = takenByTheApp(form)
    releaseHeldSubmission()
    vi.advanceTimersByTime(200)
    expect(taken).toEqual([])
    expect(isHeld()).toBe(true)
    // Hydrated as React does it: the field's value is followed through a setter of its own.
    const input = form.querySelector('input')!
    const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!
    Object.defineProperty(input, 'value', {
      configurable: true,
      get: () => native.get!.call(input),
      set: (value: string) => native.set!.call(input, value),
    })
    vi.advanceTimersByTime(50)
    expect(taken).toEqual([null])
    expect(isHeld()).toBe(false)
  })

  it('is dropped after 5 s if the app never takes it, the form left as it was', async () => {
    const { form, releaseHeldSubmission, HELD_SUBMISSION_MS } = await freshPage(
      '<form method="post"><input name="m" value="typed"></form>',
    )
    submit(form)
    releaseHeldSubmission()
    vi.advanceTimersByTime(HELD_SUBMISSION_MS + 100)
    expect(isHeld()).toBe(false)
    expect(form.querySelector('input')!.value).toBe('typed')
    const taken = takenByTheApp(form)
    vi.advanceTimersByTime(1000)
    expect(taken).toEqual([])
  })

  it('is dropped when its form has left the page by the time of release', async () => {
    const { form, releaseHeldSubmission } = await freshPage('<form method="post"></form>')
    submit(form)
    const taken = takenByTheApp(form)
    form.remove()
    releaseHeldSubmission()
    expect(taken).toEqual([])
    expect(isHeld()).toBe(false)
  })

  it('leaves dialog forms and forms aimed at another window alone', async () => {
    await freshPage('<form method="dialog"></form><form method="post" target="_blank"></form>')
    for (const form of document.querySelectorAll('form')) expect(submit(form)).toBe(true)
    expect(isHeld()).toBe(false)
  })
})

/** A controlled form as the app writes them: the state is React's, the submit reads it. */
function SignIn({ onSend }: { onSend: (values: { email: string; message: string }) => void }) {
  const [email, setEmail] = useState('')
  const [message, setMessage] = useState('')
  const send = (event: FormEvent) => {
    event.preventDefault()
    onSend({ email, message })
  }
  return (
    <form method="post" onSubmit={send}>
      <input aria-label="E-mail" value={email} onChange={(e) => setEmail(e.target.value)} />
      <textarea aria-label="Message" value={message} onChange={(e) => setMessage(e.target.value)} />
      <output>{`${email}|${message}`}</output>
      <button>Sign in</button>
    </form>
  )
}

describe('values typed before hydration, in React’s controlled fields', () => {
  it('reach the app’s state once released, and the held submission sends them', async () => {
    const sent: Array<{ email: string; message: string }> = []
    const { releaseHeldSubmission } = await freshPage(renderToString(<SignIn onSend={() => {}} />))
    const container = document.body
    const email = container.querySelector<HTMLInputElement>('input[aria-label="E-mail"]')!
    const message = container.querySelector('textarea')!
    // Typed, then sent, before the app's JavaScript has arrived.
    email.value = 'early@example.com'
    message.value = 'Hello\nthere'
    submit(container.querySelector('form')!, container.querySelector('button'))
    expect(isHeld()).toBe(true)

    await act(async () => {
      hydrateRoot(container, <SignIn onSend={(values) => sent.push(values)} />)
    })
    // Hydrated, React's state is still the server's: what the page shows is not what it knows.
    expect(container.querySelector('output')!.textContent).toBe('|')
    await act(async () => releaseHeldSubmission())
    expect(container.querySelector('output')!.textContent).toBe('early@example.com|Hello\nthere')
    expect(sent).toEqual([{ email: 'early@example.com', message: 'Hello\nthere' }])
    expect(email.value).toBe('early@example.com')
    expect(isHeld()).toBe(false)
  })

  it('leaves fields nobody touched alone, and check boxes and files to React', async () => {
    const { adoptTypedValues } = await freshPage(
      '<form><input value="server"><textarea>server</textarea><input type="checkbox"><input type="hidden" value="h"></form>',
    )
    document.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked = true
    document.querySelector<HTMLInputElement>('input[type=hidden]')!.value = 'changed'
    const events: string[] = []
    const record = (event: Event) => events.push(event.type)
    document.addEventListener('input', record, true)
    document.addEventListener('click', record, true)
    adoptTypedValues(document)
    document.removeEventListener('input', record, true)
    document.removeEventListener('click', record, true)
    expect(events).toEqual([])
  })
})
