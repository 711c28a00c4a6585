export { DataTable, type DataTableColumn, type DataTableProps } from './data-table.tsx'
export { DataTablePagination, type DataTablePaginationProps } from './data-table-pagination.tsx'
