import type { ReactNode } from "react";
import { TableScroll } from "./table-scroll";

/** A column's header: its words, or words only a screen reader reads (a column of buttons). */
export type Column = string | { label: string; hidden: true };

/**
 * A table of records: scrolls sideways on a narrow screen, named for screen readers by its caption, one header row of
 * column headers. The rows are the caller's.
 */
export function DataTable({ label, caption, columns, children }: { label: string; caption: string; columns: Column[]; children: ReactNode }) {
  return (
    <TableScroll label={label}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b">
            {columns.map((column) => (
              <th key={typeof column === "string" ? column : column.label} scope="col" className="p-2 font-semibold">
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
