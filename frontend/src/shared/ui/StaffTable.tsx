/**
 * A staff table that scrolls inside its own box when it is wider than the screen (issue 22:
 * at 360 px the table scrolls, never the page). The box is a named region; while it scrolls it
 * is also a tab stop, so a keyboard can scroll it (WCAG 2.1.1, axe `scrollable-region-focusable`:
 * a table of plain text has nothing else to focus). antd's own horizontal scroll (`scroll.x`)
 * is not used here: this box is the one that scrolls.
 */
import { useEffect, useState } from 'react';
import { Table, type TableProps } from 'antd';

/** Whether `el` is wider inside than its box, followed as it and its content resize. */
function useOverflowsX(el: HTMLElement | null): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [el]);
  return overflows;
}

export function StaffTable<T extends object>({ label, scroll, ...props }: TableProps<T> & { label: string }) {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const scrolls = useOverflowsX(el);
  // A fixed height keeps antd's own box (its header stays put); the width is this box's.
  const own = scroll?.y ? { y: scroll.y } : undefined;
  return (
    <div ref={setEl} className="s-table-scroll" role="region" aria-label={label} tabIndex={scrolls ? 0 : undefined}>
      <Table<T> {...props} scroll={own} />
    </div>
  );
}
