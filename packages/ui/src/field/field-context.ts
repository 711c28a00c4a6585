import { createContext, useContext } from 'react'

/** What a Field tells the control inside it, so labels and messages are wired without props. */
export interface FieldControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
  required?: boolean
  disabled?: boolean
}

export const FieldContext = createContext<FieldControlProps | null>(null)

/** Returns the Field's control wiring, or `null` outside a Field; for custom controls. */
export function useFieldControl(): FieldControlProps | null {
  return useContext(FieldContext)
}

/** Merges the Field's wiring under the control's own props; explicit props win. */
export function useFieldProps<
  P extends {
    id?: string
    'aria-describedby'?: string
    'aria-invalid'?: unknown
    required?: boolean
    disabled?: boolean
  },
>(props: P): P {
  const field = useFieldControl()
  if (!field) return props
  const describedBy = [field['aria-describedby'], props['aria-describedby']]
    .filter(Boolean)
    .join(' ')
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': props['aria-invalid'] ?? field['aria-invalid'],
    required: props.required ?? field.required,
    disabled: props.disabled ?? field.disabled,
  } as P
}
