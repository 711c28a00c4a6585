import { type ComponentProps, useEffect, useId, useRef, useState } from 'react'
import { cx } from '../lib/cx.ts'

export interface CodeBlockProps extends Omit<ComponentProps<'figure'>, 'children'> {
  code: string
  /** Shown above the code, e.g. a file name or "Terminal"; names the figure and the copy button. */
  label?: string
  language?: string
  copyLabel?: string
  copiedLabel?: string
  /** Called after the code is on the clipboard. */
  onCopy?: () => void
}

type CopyState = 'idle' | 'copied' | 'failed'

async function writeClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    // Insecure origins and some embedded browsers have no async clipboard; fall back.
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    if (!ok) throw new Error('Copy was refused')
  }
}

/** Preformatted code with a copy button. */
export function CodeBlock({
  code,
  label,
  language,
  copyLabel = 'Copy',
  copiedLabel = 'Copied',
  onCopy,
  className,
  ...props
}: CodeBlockProps) {
  const labelId = useId()
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = async () => {
    clearTimeout(timer.current)
    try {
      await writeClipboard(code)
      setState('copied')
      onCopy?.()
    } catch {
      setState('failed')
    }
    timer.current = setTimeout(() => setState('idle'), 2000)
  }

  return (
    <figure
      className={cx('hm-code-block', className)}
      aria-labelledby={label ? labelId : undefined}
      {...props}
    >
      <div className="hm-code-block__bar">
        {label ? (
          <span id={labelId} className="hm-code-block__label">
            {label}
          </span>
        ) : (
          <span />
        )}
        <button type="button" className="hm-code-block__copy" onClick={copy}>
          {state === 'copied' ? copiedLabel : copyLabel}
          {label ? <span className="hm-visually-hidden"> {label}</span> : null}
        </button>
      </div>
      <pre className="hm-code-block__pre" tabIndex={0}>
        <code data-language={language}>{code}</code>
      </pre>
      <span className="hm-visually-hidden" role="status">
        {state === 'copied' ? copiedLabel : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </figure>
  )
}
