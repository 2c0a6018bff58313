/**
 * The load bench's mix of calls (bench/load.ts), as data: the in-process clients and the outside ones
 * (bench/loadClient.ts) send the same n-th request.
 */

export interface LoadRow {
  id: string;
  companyName: string;
  contactEmail: string;
}

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  route: string;
  body?: unknown;
}

/** The n-th request: 3 in 10 customer searches, 3 customer reads, 2 permission reads, 1 update, 1 audit list. */
export function requestOf(n: number, rows: readonly LoadRow[]): LoadRequest {
  const row = rows[(n * 7919) % rows.length]!;
  switch (n % 10) {
    case 0:
    case 1:
    case 2:
      return {
        method: 'POST',
        route: '/customer/search',
        body: {
          page: n % 5,
          limit: 25,
          filters: { q: `Company ${String(n % 20).padStart(2, '0')}` },
          sort: { field: 'companyName', order: 'ASC' },
        },
      };
    case 3:
    case 4:
    case 5:
      return { method: 'GET', route: `/customer/${row.id}` };
    case 6:
    case 7:
      return { method: 'GET', route: '/account/permission?flattern=1' };
    case 8:
      return {
        method: 'PUT',
        route: `/customer/${row.id}/update_profile`,
        body: {
          companyName: row.companyName,
          contactEmail: row.contactEmail,
          contactPhone: `+84 28 ${n % 100_000}`,
        },
      };
    default:
      return { method: 'GET', route: '/audit/provider/search?page=0&pageSize=25' };
  }
}
