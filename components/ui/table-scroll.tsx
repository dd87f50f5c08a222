import type { ReactNode } from "react";

/** A wide table that scrolls sideways inside its box on a narrow screen instead of widening the page (and can be scrolled with the keyboard). */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="max-w-full overflow-x-auto focus:outline-2 focus:outline-brand-700">
      {children}
    </div>
  );
}
