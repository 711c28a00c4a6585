import { Label } from '@radix-ui/react-label'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { cx } from '../lib/cx.ts'
import { FieldContext, type FieldControlProps } from './field-context.ts'

export interface FieldProps extends Omit<ComponentProps<'div'>, 'children'> {
  label: ReactNode
  /** Help text under the label, read after the label by screen readers. */
  description?: ReactNode
  /** Shown under the control; marks the control invalid. */
  error?: ReactNode
  /** Marks the control required and shows an asterisk. */
  required?: boolean
  /** Shows "(optional)" after the label. */
  optional?: boolean
  disabled?: boolean
  /** The control's id; generated when omitted. */
  id?: string
  /** Hides the label visually while keeping it as the control's accessible name. */
  hideLabel?: boolean
  /** A system control (Input, Textarea, Select, Checkbox, Switch) or a function for any other. */
  children: ReactNode | ((control: FieldControlProps) => ReactNode)
}

/**
 * A labelled form control with description and error message wired through aria-describedby.
 *
 * @example
 * <Field label="Title" description="Shown in search results" error={errors.title} required>
 *   <Input value={title} onChange={…} />
 * </Field>
 */
export function Field({
  label,
  description,
  error,
  required,
  optional,
  disabled,
  id,
  hideLabel,
  className,
  children,
  ...props
}: FieldProps) {
  const generated = useId()
  const controlId = id ?? `hm-field-${generated}`
  const descriptionId = `${controlId}-description`
  const errorId = `${controlId}-error`
  const hasError = error !== undefined && error !== null && error !== false && error !== ''
  const describedBy = [description ? descriptionId : null, hasError ? errorId : null]
    .filter(Boolean)
    .join(' ')
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': hasError ? true : undefined,
    required: required || undefined,
    disabled: disabled || undefined,
  }
  return (
    <div
      className={cx('hm-field', hasError && 'hm-field--invalid', className)}
      data-disabled={disabled ? '' : undefined}
      {...props}
    >
      <Label
        htmlFor={controlId}
        className={cx('hm-field__label', hideLabel && 'hm-visually-hidden')}
      >
        {label}
        {required ? (
          <span className="hm-field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
        {optional && !required ? <span className="hm-field__optional"> (optional)</span> : null}
      </Label>
      {description ? (
        <p id={descriptionId} className="hm-field__description">
          {description}
        </p>
      ) : null}
      <FieldContext.Provider value={control}>
        {typeof children === 'function' ? children(control) : children}
      </FieldContext.Provider>
      {hasError ? (
        <p id={errorId} className="hm-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
