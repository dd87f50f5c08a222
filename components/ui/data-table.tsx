import type { ReactNode } from "react";
import { TableScroll } from "./table-scroll";

/**
 * A column's header: its words, or words only a screen reader reads (a column of buttons), with classes of its own when
 * its words need them (the job states are lower case in the catalogue).
 */
export type Column = string | { label: string; hidden?: true; className?: string };

/**
 * How the header reads: `standard` for a page's main table, `dense` for the small tables of a busy page, `quiet` for a
 * short list inside a section that already says what it is (a home's records, the demo accounts): grey headers, no
 * rule.
 */
export type TableLook = "standard" | "dense" | "quiet";

const LOOKS: Record<TableLook, { head: string; row: string; cell: string }> = {
  standard: { head: "", row: "border-b", cell: "p-2 font-semibold" },
  dense: { head: "", row: "border-b", cell: "p-1" },
  quiet: { head: "text-slate-600", row: "", cell: "py-1 pr-3 font-medium last:pr-0" },
};

interface DataTableProps {
  label: string;
  /** The table's name; a table inside a region already named by `label` may go without one. */
  caption?: string;
  /** The caption shown above the table, not only read out. */
  showCaption?: boolean;
  look?: TableLook;
  columns: Column[];
  /** More classes for the table itself (a minimum width, a margin). */
  className?: string;
  testId?: string;
  /** A total under the rows, in a `<tfoot>`. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A table of records: scrolls sideways on a narrow screen, named for screen readers by its caption, one header row of
 * column headers. The rows are the caller's.
 */
export function DataTable({
  label,
  caption,
  showCaption,
  look = "standard",
  columns,
  className,
  testId,
  footer,
  children,
}: DataTableProps) {
  const style = LOOKS[look];
  return (
    <TableScroll label={label}>
      <table className={`w-full text-left text-sm ${className ?? ""}`.trim()} data-testid={testId}>
        {caption !== undefined && (
          <caption className={showCaption ? "pb-2 text-left font-medium" : "sr-only"}>{caption}</caption>
        )}
        <thead className={style.head || undefined}>
          <tr className={style.row || undefined}>
            {columns.map((column) => {
              const header: Exclude<Column, string> = typeof column === "string" ? { label: column } : column;
              return (
                <th
                  key={header.label}
                  scope="col"
                  className={header.className ? `${style.cell} ${header.className}` : style.cell}
                >
                  {header.hidden ? <span className="sr-only">{header.label}</span> : header.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </TableScroll>
  );
}

/** One record of a dense table: its name as the row's header, then its cells. */
export function DataRow({ head, cells }: { head: ReactNode; cells: ReactNode[] }) {
  return (
    <tr className="border-b border-slate-100">
      <th scope="row" className="p-1 font-normal">
        {head}
      </th>
      {cells.map((cell, i) => (
        <td key={i} className="p-1">
          {cell}
        </td>
      ))}
    </tr>
  );
}
