import type { ReactNode } from "react";

/**
 * A wide table that scrolls sideways inside its box on a narrow screen instead of widening the page (and can be
 * scrolled with the keyboard). `relative` keeps its absolutely positioned screen-reader-only texts inside the box:
 * without it they widened the page past the phone (/clients was 787 px wide at 360).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative max-w-full overflow-x-auto focus:outline-2 focus:outline-brand-700"
    >
      {children}
    </div>
  );
}
