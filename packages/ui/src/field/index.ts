export { Field, type FieldProps } from './field.tsx'
export { type FieldControlProps, useFieldControl, useFieldProps } from './field-context.ts'
