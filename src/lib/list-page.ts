/** The reply of a paged staff list (types only: the portal imports them without any server code). */

/** One page of a list, with the total of the whole filtered list for the pager. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The reply of a list that is not paged (posts, roles): every row at once. */
export interface AllItems<T> {
  items: T[];
}
