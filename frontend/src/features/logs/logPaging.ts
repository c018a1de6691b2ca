/**
 * Paging of the log screen (spec 1 sections 2 and 9): the server answers pages of 30 entries;
 * the grid shows 10 per page; more pages can be loaded while the number of entries loaded is
 * a multiple of 30.
 */
export const LOG_REQUEST_SIZE = 30;
export const LOG_GRID_SIZE = 10;

/** Whether another server page may hold more entries. */
export function canLoadMore(loaded: number, size: number = LOG_REQUEST_SIZE): boolean {
  return loaded > 0 && loaded % size === 0;
}

/** The server page (from 1) that follows `loaded` entries. */
export function nextServerPage(loaded: number, size: number = LOG_REQUEST_SIZE): number {
  return Math.floor(loaded / size) + 1;
}

/** Grid pages for `loaded` entries (at least 1). */
export function gridPages(loaded: number, grid: number = LOG_GRID_SIZE): number {
  return Math.max(1, Math.ceil(loaded / grid));
}

/** Reaching the grid's last page loads the next server page, when there may be one. */
export function shouldLoadMore(gridPage: number, loaded: number): boolean {
  return gridPage >= gridPages(loaded) && canLoadMore(loaded);
}
