import type { ReactNode } from "react";
import { TableScroll } from "./table-scroll";

/** A column's header: its words, or words only a screen reader reads (a column of buttons). */
export type Column = string | { label: string; hidden: true };

interface DataTableProps {
  label: string;
  caption: string;
  /** The caption shown above the table, not only read out. */
  showCaption?: boolean;
  /** Narrow cells, for the small tables of a dense page. */
  dense?: boolean;
  columns: Column[];
  children: ReactNode;
}

/**
 * A table of records: scrolls sideways on a narrow screen, named for screen readers by its caption, one header row of
 * column headers. The rows are the caller's.
 */
export function DataTable({ label, caption, showCaption, dense, columns, children }: DataTableProps) {
  return (
    <TableScroll label={label}>
      <table className="w-full text-left text-sm">
        <caption className={showCaption ? "pb-2 text-left font-medium" : "sr-only"}>{caption}</caption>
        <thead>
          <tr className="border-b">
            {columns.map((column) => (
              <th key={typeof column === "string" ? column : column.label} scope="col" className={dense ? "p-1" : "p-2 font-semibold"}>
                {typeof column === "string" ? column : <span className="sr-only">{column.label}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
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
