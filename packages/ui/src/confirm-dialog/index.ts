export { ConfirmDialog, type ConfirmDialogProps, type TypeToConfirm } from './confirm-dialog.tsx'
