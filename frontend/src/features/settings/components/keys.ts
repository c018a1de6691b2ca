import type { KeyboardEvent } from 'react';

/** Enter confirms a date typed into a picker; it must not also submit the form around it. */
export function keepEnterInPicker(e: KeyboardEvent): void {
  if (e.key === 'Enter') e.preventDefault();
}
